/** Help texts that list the platforms' defaults, made from the platform table so they never go stale. */
import type { PlatformEntry } from '../../../common/platforms';
import { platformEntry, platformsWhere, postPlatforms } from '../../../common/platforms';

/** Smallest first, none last; ties keep the table's order. */
function byLimit(a: number | undefined, b: number | undefined): number {
	return (a ?? Infinity) - (b ?? Infinity) || 0;
}

function entries(): PlatformEntry[] {
	return postPlatforms().map(platformEntry);
}

/** "X 280 (weighted), Bluesky 300, …, Substack none": each default length limit, smallest first. */
export const LENGTH_LIMITS_HELP = entries()
	.sort((a, b) => byLimit(a.length.limit, b.length.limit))
	.map(
		({ name, length: { limit, note } }) => `${name} ${limit ?? 'none'}${note ? ` (${note})` : ''}`,
	)
	.join(', ');

/** "X 4 images or 1 video or GIF, …, Substack none": each media rule, fewest media first (then by length limit). */
export const MEDIA_LIMITS_HELP = entries()
	.sort((a, b) => byLimit(a.media.max, b.media.max) || byLimit(a.length.limit, b.length.limit))
	.map(({ name, media }) => `${name} ${media.help}`)
	.join(', ');

/** "LinkedIn and Substack": the platforms that take a single post. */
export const SINGLE_POST_NAMES = joinNames(
	platformsWhere((entry) => entry.singlePost).map((platform) => platformEntry(platform).name),
);

function joinNames(names: string[]): string {
	return names.length <= 1
		? (names[0] ?? '')
		: `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
