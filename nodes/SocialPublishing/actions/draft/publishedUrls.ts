import type { IDataObject } from 'n8n-workflow';
import { isPlatformOn } from '../../helpers/content';

/**
 * Adds `published_urls`: the published URL (or null) of each platform the draft has enabled, keyed by
 * platform (`x`, `linkedin`, ..., `x_article`), read from the detail's `<platform>_published_url` fields.
 * An `x_article` object counts as enabled by its presence (the specification gives it no `enabled` field).
 */
export function withPublishedUrls(draft: IDataObject): IDataObject {
	const platforms = (draft.platforms ?? {}) as IDataObject;
	const urls: IDataObject = {};
	for (const [platform, config] of Object.entries(platforms)) {
		if (!isPlatformOn(platform, config)) continue;
		const url = draft[`${platform}_published_url`];
		urls[platform] = typeof url === 'string' ? url : null;
	}
	return { ...draft, published_urls: urls };
}
