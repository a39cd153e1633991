import type { AnalyticsPostRecord, EngagementCounts } from './store';

export type { EngagementCounts };

/**
 * An analytics post's metrics (API specification, "Analytics post": `{impressions, engagement: {total, likes,
 * comments, shares, quotes, profile_clicks, link_clicks, saves}}`). `total` is the sum of likes, comments,
 * shares, quotes and profile clicks in every analytics post the sandbox makes (the specification does not say
 * what it counts).
 */
export function postMetrics(
	impressions: number,
	counts: EngagementCounts,
): AnalyticsPostRecord['metrics'] {
	const { likes, comments, shares, quotes, profile_clicks } = counts;
	return {
		impressions,
		engagement: { total: likes + comments + shares + quotes + profile_clicks, ...counts },
	};
}
