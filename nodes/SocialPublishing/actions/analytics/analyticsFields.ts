import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { RowShapeError, show } from '../../helpers/analyticsRows';
import { ECHO_LIMIT, echo } from '../../../common/text/echo';
import { secretsOf } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { paramError } from '../../helpers/validation';

/** Analytics exist for X only; the list leaves room for more platforms without changing workflows. */
export const platformField: INodeProperties = {
	displayName: 'Platform',
	name: 'platform',
	type: 'options',
	options: [{ name: 'X', value: 'x' }],
	default: 'x',
	description: 'Platform to read analytics for; the service supports X only',
};

/** The analytics path for the chosen platform; the API specification supports only `x`, so anything else is refused before sending. */
export function analyticsPath(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	what: 'posts' | 'followers',
): string {
	const platform = String(context.getNodeParameter('platform', itemIndex, 'x') ?? '').trim();
	if (platform !== 'x')
		throw paramError(
			context,
			itemIndex,
			'Platform',
			`must be x: analytics exist for X only, got "${platform}"`,
		);
	return what === 'posts'
		? endpoints.analyticsPosts(socialSetId, platform)
		: endpoints.analyticsFollowers(socialSetId, platform);
}

/** How analytics come out: as the service returns them, or as flat rows for a database table (helpers/analyticsRows). */
export function outputField(rows: string): INodeProperties {
	return {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'As Returned',
				value: 'asReturned',
				description: 'The items as the service returns them',
			},
			{
				name: 'Rows for a Database',
				value: 'rows',
				description: `${rows}: flat snake_case columns and a stable key column for an upsert`,
			},
		],
		default: 'asReturned',
		description: 'Whether to return the items as the service does, or shaped for a database table',
	};
}

/** Whether the item asks for rows. */
export function wantsRows(context: IExecuteFunctions, itemIndex: number): boolean {
	const output = context.getNodeParameter('output', itemIndex, 'asReturned') as unknown;
	if (output === 'rows' || output === 'asReturned') return output === 'rows';
	throw paramError(
		context,
		itemIndex,
		'Output',
		`must be "asReturned" or "rows", got ${JSON.stringify(output) ?? 'no value'}`,
	);
}

/**
 * Rows made by a pure helper; a shape it cannot read becomes a NodeOperationError of this item, the value the
 * service sent quoted bounded and without the credential's secrets (common/text/echo.ts).
 */
export async function asRows<T>(
	context: IExecuteFunctions,
	itemIndex: number,
	make: () => T,
): Promise<T> {
	try {
		return make();
	} catch (error) {
		const secrets = await secretsOf(context);
		const problem =
			error instanceof RowShapeError
				? `${error.problem}: ${show(error.value, secrets)}`
				: echo(error instanceof Error ? error.message : error, ECHO_LIMIT, secrets);
		throw new NodeOperationError(
			context.getNode(),
			`The service's analytics could not be made into rows: ${problem}`,
			{ itemIndex },
		);
	}
}
