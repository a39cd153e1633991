import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { knownRateLimits } from '../../../../common/transport';
import type { RateLimitHeaders } from '../../../../common/transport';
import { endpoints } from '../../../../common/transport/endpoints';
import type { Problems } from './collect';
import type { PublishingQuota } from './quota';
import { placeInRun, readQuota } from './quota';

/**
 * Validate Only's `budget` on Create: what the service still allows. `publishingQuota`: the social set's
 * publishing quota (only for an item that would schedule or publish, and only when the social set detail
 * has one) and this item's place among the run's drafts that would schedule or publish there; an item past
 * `remaining` gets a `quotaWarning`. For a draft with a date or the next free slot it is a warning, not a
 * problem (`valid` stays as the checks say): the service accepts the draft, and the quota is used when it
 * publishes, which for a slot after `resets_at` is the next period. Publish At `now` past `remaining` is a
 * problem as well: the service refuses publishing at once past its quota. `rateLimits`: the rate-limit budget left for this Create, as the last answers' X-RateLimit headers said: the
 * figures the transport goes by before it sends it (the key's user bucket, the social set's `drafts.create`).
 */

type Bucket = RateLimitHeaders['user'];

function bucketView(bucket: Bucket, withResource: boolean): IDataObject | null {
	if (!bucket) return null;
	return {
		...(withResource ? { resource: bucket.resource ?? null } : {}),
		limit: bucket.limit ?? null,
		remaining: bucket.remaining,
		resetsAt: new Date(bucket.resetAtMs).toISOString(),
	};
}

function quotaWarning(
	socialSetId: number,
	quota: PublishingQuota,
	at: { place: number; total: number },
): string {
	const { used, remaining, resets_at } = quota;
	return (
		`Publishing quota: social set ${socialSetId} has ${remaining} left (used ${used}, remaining ` +
		`${remaining}, resets at ${resets_at}); this draft would be number ${at.place} of the ${at.total} ` +
		'drafts of this run that schedule or publish there. The service accepts the draft; publishing it before the quota resets would be refused'
	);
}

/** What the budget needs of the item's plan. */
export interface BudgetOf {
	socialSetId: number;
	/** Whether the item publishes at once (Publish At `now`). */
	now: boolean;
	problems: Problems;
}

/** The quota part of the budget for one item; a place past `remaining` gets a warning (and a problem for `now`). */
async function quotaPart(
	context: IExecuteFunctions,
	itemIndex: number,
	{ socialSetId, now, problems }: BudgetOf,
): Promise<IDataObject> {
	const at = placeInRun(context, itemIndex, socialSetId);
	if (!at) return {};
	const read = await readQuota(context, itemIndex, socialSetId);
	if ('unread' in read) return { publishingQuotaUnread: read.unread };
	const { quota } = read;
	if (!quota) return {};
	const withinQuota = at.place <= quota.remaining;
	const warning = withinQuota ? undefined : quotaWarning(socialSetId, quota, at);
	if (warning && now) problems.add(warning);
	return {
		...(warning ? { quotaWarning: warning } : {}),
		publishingQuota: {
			used: quota.used,
			remaining: quota.remaining,
			resetsAt: quota.resets_at,
			placeInRun: at.place,
			publishingInRun: at.total,
			withinQuota,
		},
	};
}

/** The `budget` field of a Create's Validate Only answer (see above). */
export async function createBudget(
	context: IExecuteFunctions,
	itemIndex: number,
	of: BudgetOf,
): Promise<IDataObject> {
	const { socialSetId } = of;
	const quota = await quotaPart(context, itemIndex, of);
	const limits = await knownRateLimits(context, {
		method: 'POST',
		path: endpoints.drafts(socialSetId),
	});
	return {
		...quota,
		rateLimits: {
			user: bucketView(limits.user, false),
			socialSet: bucketView(limits.socialSet, true),
		},
	};
}
