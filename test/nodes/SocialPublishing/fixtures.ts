import type { INodeParameters } from 'n8n-workflow';
import { byId } from '../../harness/workflows';

/** Set-up shared by the tests of several resources. */

/** Parameters of a Get Many style operation on social set 101 with Return All off and this Limit. */
export function withLimit(
	resource: string,
	operation: string,
	limit: unknown,
	extra: Record<string, unknown> = {},
): INodeParameters {
	return {
		resource,
		operation,
		socialSetId: byId(101),
		returnAll: false,
		limit,
		...extra,
	} as INodeParameters;
}
