import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
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
