import type { RouteContext } from './context';
import { forbidden, insufficient, notFound } from '../domain/errors';
import { AccessLevel, SocialSetRecord, hasLevel } from '../domain/store';

export interface SocialSetAccess {
	set: SocialSetRecord;
	level: AccessLevel;
}

const ID = /^\d{1,15}$/;

export function parseIntId(raw: string | undefined): number | null {
	return raw !== undefined && ID.test(raw) ? Number(raw) : null;
}

/** 404 NOT_FOUND for an unknown set, 403 FORBIDDEN without access, 403 INSUFFICIENT_ACCESS_LEVEL below `need`. */
export function requireSocialSet(
	ctx: RouteContext,
	rawId: string,
	need: AccessLevel,
): SocialSetAccess {
	const id = parseIntId(rawId);
	const set = id === null ? undefined : ctx.rt.store.socialSets.get(id);
	if (!set) throw notFound('Social set');
	const level = set.access.get(ctx.user.id);
	if (!level) throw forbidden('You do not have access to this social set');
	requireLevel(level, need);
	return { set, level };
}

export function requireLevel(have: AccessLevel, need: AccessLevel): void {
	if (!hasLevel(have, need)) throw insufficient(need);
}
