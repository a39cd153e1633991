import type { INodePropertyOptions } from 'n8n-workflow';
import type { PostPlatform } from '../../../common/platforms';
import { platformEntry, postPlatforms } from '../../../common/platforms';

/** Platform pickers: the given platforms by name, sorted by name (as n8n's lint asks). */
export function platformOptions(platforms: readonly PostPlatform[]): INodePropertyOptions[] {
	return platforms
		.map((platform) => ({ name: platformEntry(platform).name, value: platform }))
		.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every post platform of a draft (X Article is a content type of its own). */
export const POST_PLATFORM_OPTIONS: INodePropertyOptions[] = platformOptions(postPlatforms());
