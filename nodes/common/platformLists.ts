import type { IDataObject } from 'n8n-workflow';
import type { PostPlatform } from './platforms';
import { platformEntry, platformsTaking, postPlatforms } from './platforms';

/**
 * Lists and names made from the platform table (platforms.ts) when this module loads: the table's own module
 * holds the entries only, so a test can add an entry before anything is made from it.
 */

/** The post platforms, in the order of the table. */
export const POST_PLATFORMS: readonly PostPlatform[] = postPlatforms();

/** Platforms whose posts carry `hide_link_preview` (Platform configuration table). */
export const LINK_PREVIEW_PLATFORMS: readonly PostPlatform[] = platformsTaking('hide_link_preview');

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
	...Object.fromEntries(POST_PLATFORMS.map((platform) => [platform, platformEntry(platform).name])),
	x_article: 'X Article',
};

/** A platform key as users read it: `linkedin` is LinkedIn, `x_article` the X Article. */
export function platformName(platform: string): string {
	return PLATFORM_NAMES[platform] ?? platform;
}

export function isPostPlatform(value: unknown): value is PostPlatform {
	return typeof value === 'string' && (POST_PLATFORMS as readonly string[]).includes(value);
}

/**
 * Whether a platform object of a draft is on: post platforms by `enabled: true`; `x_article` by its presence,
 * since the specification gives its object no `enabled` field (an explicit `enabled: false` still counts as off).
 */
export function isPlatformOn(key: string, config: unknown): boolean {
	if (typeof config !== 'object' || config === null || Array.isArray(config)) return false;
	const enabled = (config as IDataObject).enabled;
	return key === 'x_article' ? enabled !== false : enabled === true;
}
