/** The node's Request Options: Max Parallel Requests, read once per node run. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { PARALLEL } from './pacer';

export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Max Parallel Requests',
			name: 'maxParallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: PARALLEL.hardCap, numberPrecision: 0 },
			// a literal for n8n's lint; the same as PARALLEL.defaultBound (test/nodes/SocialPublishing/parallel)
			default: 10,
			description:
				"How many items may be sent at once, at most. The node starts with 2 and takes more while the service's rate-limit headers show room, fewer at once after a 429 or a 503. 1 sends one item after the other. Items that take the next free slot always go in item order.",
		},
	],
};

/**
 * The run's bound on items in flight: read at the first item (one bound per node run), a whole number
 * from 1 to `PARALLEL.hardCap`; anything else is refused, naming the parameter, before any request.
 */
export function readParallelBound(context: IExecuteFunctions): number {
	const options = context.getNodeParameter('requestOptions', 0, {}) as {
		maxParallelRequests?: unknown;
	};
	const value = options.maxParallelRequests ?? PARALLEL.defaultBound;
	if (
		typeof value !== 'number' ||
		!Number.isInteger(value) ||
		value < 1 ||
		value > PARALLEL.hardCap
	) {
		throw new NodeOperationError(
			context.getNode(),
			`Parameter "Max Parallel Requests" must be a whole number from 1 to ${PARALLEL.hardCap} [item 0]`,
			{
				itemIndex: 0,
				description: `Request Options > Max Parallel Requests is ${JSON.stringify(value)?.slice(0, 40)}.`,
			},
		);
	}
	return value;
}
