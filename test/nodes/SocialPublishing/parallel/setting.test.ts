import type { IExecuteFunctions } from 'n8n-workflow';
import { PARALLEL } from '../../../../nodes/SocialPublishing/actions/parallel/pacer';
import {
	readParallelBound,
	requestOptionsProperty,
} from '../../../../nodes/SocialPublishing/actions/parallel/setting';

function contextWith(options: unknown): IExecuteFunctions {
	return {
		getNodeParameter: () => options,
		getNode: () => ({ name: 'Social Publishing', type: 'socialPublishing', typeVersion: 1 }),
	} as unknown as IExecuteFunctions;
}

describe('Request Options > Max Parallel Requests', () => {
	test('the field shows the bound the router uses when nothing is set, within 1 to the hard cap', () => {
		const field = requestOptionsProperty.options?.[0] as {
			default: unknown;
			typeOptions: { minValue: number; maxValue: number };
		};
		expect(field.default).toBe(PARALLEL.defaultBound);
		expect(field.typeOptions).toMatchObject({ minValue: 1, maxValue: PARALLEL.hardCap });
		expect(readParallelBound(contextWith({}))).toBe(PARALLEL.defaultBound);
	});

	test.each([1, 7, PARALLEL.hardCap])('%p is taken as it is', (value) => {
		expect(readParallelBound(contextWith({ maxParallelRequests: value }))).toBe(value);
	});

	test.each([0, -1, PARALLEL.hardCap + 1, 2.5, '4', Number.NaN])(
		'%p is refused, naming the parameter and the first item',
		(value) => {
			let thrown: unknown;
			try {
				readParallelBound(contextWith({ maxParallelRequests: value }));
			} catch (error) {
				thrown = error;
			}
			expect((thrown as Error).message).toContain('Max Parallel Requests');
			expect((thrown as { context: { itemIndex: number } }).context.itemIndex).toBe(0);
		},
	);
});
