import { createHash } from 'node:crypto';
import { requireSocialSet } from '../access';
import { iso } from '../../domain/clock';
import type { Reply, RouteContext } from '../context';
import { page, readPaging } from '../envelope';
import { ApiError, badRequest } from '../../domain/errors';
import { POST_PLATFORMS } from '../../domain/platforms';
import { SocialSetRecord } from '../../domain/store';

export function getMe(ctx: RouteContext): Reply {
	const u = ctx.user;
	return {
		status: 200,
		body: {
			id: u.id,
			name: u.name,
			email: u.email,
			signup_date: iso(u.signupDate),
			api_key_label: ctx.apiKey.label,
			profile_image_url: u.profileImageUrl,
		},
	};
}

function listItem(set: SocialSetRecord): Record<string, unknown> {
	return {
		id: set.id,
		name: set.name,
		username: set.username,
		profile_image_url: set.profileImageUrl,
		team: set.team ? { ...set.team } : null,
	};
}

export function listSocialSets(ctx: RouteContext): Reply {
	const paging = readPaging(ctx.query);
	const visible = [...ctx.rt.store.socialSets.values()]
		.filter((s) => s.access.has(ctx.user.id))
		.sort((a, b) => a.id - b.id)
		.map(listItem);
	return { status: 200, body: page(visible, paging, ctx.url) };
}

/** First instant of the next UTC month: when the publishing quota resets. */
function quotaReset(now: Date): Date {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function getSocialSet(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	const platforms: Record<string, unknown> = {};
	for (const p of POST_PLATFORMS) platforms[p] = set.platforms[p] ? { ...set.platforms[p] } : null;
	const { quotaLimit, quotaUsed, quotaReported } = set.account;
	// API: Social set detail, publishing_quota "optional; {used, remaining, resets_at}": left out when not reported
	const quota = quotaReported
		? {
				publishing_quota: {
					used: quotaUsed,
					remaining: Math.max(0, quotaLimit - quotaUsed),
					resets_at: iso(quotaReset(ctx.rt.clock.now())),
				},
			}
		: {};
	return { status: 200, body: { ...listItem(set), platforms, ...quota } };
}

const ORG_URL =
	/^https?:\/\/(?:www\.)?linkedin\.com\/(company|school)\/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})\/?(?:[?#].*)?$/;

/** Deterministic fake resolution: the id is derived from the vanity name. */
export function resolveLinkedInOrganization(ctx: RouteContext, rawId: string): Reply {
	requireSocialSet(ctx, rawId, 'READ');
	const organizationUrl = ctx.query.get('organization_url');
	if (organizationUrl === null || organizationUrl.trim() === '') {
		throw badRequest('organization_url is required', [
			{ field: 'organization_url', message: 'required' },
		]);
	}
	const match = ORG_URL.exec(organizationUrl.trim());
	if (!match) {
		throw badRequest('organization_url must be a public LinkedIn company or school page URL', [
			{
				field: 'organization_url',
				message: 'expected https://www.linkedin.com/company/<name>/ or /school/<name>/',
			},
		]);
	}
	const [, kind, vanity] = match;
	const vanityName = vanity.toLowerCase();
	if (vanityName === 'sandbox-unavailable') {
		throw new ApiError(
			503,
			'SERVICE_UNAVAILABLE',
			'LinkedIn is temporarily unavailable, try again later',
		);
	}
	const digest = createHash('sha256').update(vanityName).digest();
	const id = String(10_000_000 + (digest.readUInt32BE(0) % 90_000_000));
	const name = vanityName
		.split(/[-_.]+/)
		.filter(Boolean)
		.map((w) => w[0].toUpperCase() + w.slice(1))
		.join(' ');
	const urn = `urn:li:organization:${id}`;
	return {
		status: 200,
		body: {
			id,
			urn,
			mention_text: `@[${name}](${urn})`,
			name,
			vanity_name: vanityName,
			description: kind === 'school' ? `${name} is a school on LinkedIn (sandbox data).` : null,
			website:
				kind === 'company' ? `https://www.${vanityName.replace(/[^a-z0-9-]/g, '')}.example` : null,
			logo_url: null,
			url: `https://www.linkedin.com/${kind}/${vanityName}/`,
		},
	};
}
