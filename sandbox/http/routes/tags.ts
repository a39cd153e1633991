import { requireSocialSet } from '../access';
import { iso } from '../../domain/clock';
import type { Reply, RouteContext } from '../context';
import { page, readPaging } from '../envelope';
import { ApiError, badRequest, unprocessable } from '../../domain/errors';
import type { TagRecord } from '../../domain/store';
import { isObject } from '../../domain/validate';

export const TAG_NAME_MAX = 32;

/**
 * Slug rule: Unicode NFKD, diacritics dropped, lower-cased; every run of characters other than
 * a-z and 0-9 becomes one hyphen; leading/trailing hyphens trimmed; an empty result becomes "tag".
 * When the slug is taken by another tag, "-2", "-3", ... is appended.
 */
export function slugify(name: string): string {
	const base = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return base === '' ? 'tag' : base;
}

export function uniqueSlug(name: string, taken: Set<string>): string {
	const base = slugify(name);
	if (!taken.has(base)) return base;
	for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const render = (t: TagRecord) => ({ slug: t.slug, name: t.name, created_at: iso(t.createdAt) });

export function listTags(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'READ');
	const paging = readPaging(ctx.query);
	const tags = [...(ctx.rt.store.tags.get(set.id) ?? [])].sort((a, b) =>
		a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0,
	);
	return { status: 200, body: page(tags.map(render), paging, ctx.url) };
}

export function createTag(ctx: RouteContext, rawId: string): Reply {
	const { set } = requireSocialSet(ctx, rawId, 'WRITE');
	const body = ctx.body;
	if (!isObject(body)) throw unprocessable([{ field: 'body', message: 'must be a JSON object' }]);
	if (typeof body.name !== 'string')
		throw unprocessable([{ field: 'name', message: 'required string' }]);
	const name = body.name.trim();
	if ([...body.name].length > TAG_NAME_MAX)
		throw unprocessable([{ field: 'name', message: `at most ${TAG_NAME_MAX} characters` }]);
	if (name.length < 1)
		throw badRequest('Tag name is too short', [
			{ field: 'name', message: 'at least 1 non-blank character' },
		]);
	if (!set.account.features.tags)
		throw new ApiError(403, 'MONETIZATION_ERROR', 'Tags need a plan upgrade');
	const tags = ctx.rt.store.tags.get(set.id) ?? [];
	if (tags.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
		throw badRequest('A tag with this name already exists', [
			{ field: 'name', message: 'duplicate tag name' },
		]);
	}
	const tag: TagRecord = {
		slug: uniqueSlug(name, new Set(tags.map((t) => t.slug))),
		name,
		createdAt: ctx.rt.clock.now(),
	};
	tags.push(tag);
	ctx.rt.store.tags.set(set.id, tags);
	return { status: 201, body: render(tag) };
}
