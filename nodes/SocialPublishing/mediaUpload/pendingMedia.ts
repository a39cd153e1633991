import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { fillPendingMedia, pendingMediaOf } from '../helpers/mediaSlots';
import { uploadBinaryProperty } from './fromBinary';
import type { UrlLimits } from './downloadLimits';
import type { PreparedUrl } from './fromUrl';
import { probeMediaUrls, uploadPreparedUrl } from './fromUrl';

/** How uploads of one item go: alt texts per binary property, and the wait for each file to be processed. */
export interface UploadSettings {
	altTexts: Map<string, string>;
	timeoutMs: number;
	/** Max Size and idle timeout of the downloads of Media URLs. */
	urlLimits?: UrlLimits;
}

/**
 * Uploads the media a built platforms object still waits for (its pending slots) and puts their ids in, in
 * place. Every URL is checked before the first upload is created; URL files go first, while the first
 * download is open; then the binary properties, each once.
 */
export async function uploadPendingMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	platforms: IDataObject,
	settings: UploadSettings,
): Promise<void> {
	const pending = pendingMediaOf(platforms);
	if (pending.length === 0) return;
	const urls = pending.flatMap((ref) =>
		'mediaUrl' in ref ? [{ url: ref.mediaUrl, label: ref.label }] : [],
	);
	const ids = new Map<string, string>();
	const prepared = urls.length
		? await probeMediaUrls(context, itemIndex, urls, settings.urlLimits)
		: new Map<string, PreparedUrl>();
	for (const download of prepared.values()) {
		ids.set(
			`url:${download.url}`,
			(
				await uploadPreparedUrl(context, itemIndex, socialSetId, download, {
					timeoutMs: settings.timeoutMs,
					limits: settings.urlLimits,
				})
			).media_id,
		);
	}
	for (const ref of pending) {
		if (!('binaryProperty' in ref)) continue;
		const altText = settings.altTexts.get(ref.binaryProperty) || undefined;
		const media = await uploadBinaryProperty(context, itemIndex, socialSetId, ref.binaryProperty, {
			altText,
			timeoutMs: settings.timeoutMs,
		});
		ids.set(`binary:${ref.binaryProperty}`, media.media_id);
	}
	fillPendingMedia(
		platforms,
		(ref) =>
			ids.get('binaryProperty' in ref ? `binary:${ref.binaryProperty}` : `url:${ref.mediaUrl}`) ??
			'',
	);
}
