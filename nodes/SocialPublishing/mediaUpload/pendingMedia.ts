import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { closeDownload } from '../../common/transport';
import type { MediaKind } from '../helpers/mediaRules';
import { kindOfFileName } from '../helpers/mediaRules';
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

/** Checks the media again by the kinds the Media URLs served (url to kind); throws to stop before any upload. */
export type ServedCheck = (served: Map<string, MediaKind>) => void;

/** The media of one draft to upload: where, into which platforms object, how, and the check of what URLs served. */
export interface PendingUploads {
	socialSetId: number;
	/** The built platforms object; its pending slots get the media ids, in place. */
	platforms: IDataObject;
	settings: UploadSettings;
	checkServed?: ServedCheck;
}

/**
 * Uploads the media a built platforms object still waits for (its pending slots) and puts their ids in, in
 * place. Every URL is opened and checked before the first upload is created, and `checkServed` then sees the
 * kind each one served; URL files go first, while the first download is open; then the binary properties,
 * each once.
 */
export async function uploadPendingMedia(
	context: IExecuteFunctions,
	itemIndex: number,
	{ socialSetId, platforms, settings, checkServed }: PendingUploads,
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
	if (checkServed && prepared.size > 0) {
		// the name a URL is uploaded under carries the format its download served
		const served = new Map(
			[...prepared].map(([url, entry]) => [url, kindOfFileName(entry.fileName)]),
		);
		let passed = false;
		try {
			checkServed(served);
			passed = true;
		} finally {
			// refused: the download left open for the first upload is closed
			if (!passed)
				for (const entry of prepared.values()) if (entry.download) closeDownload(entry.download);
		}
	}
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
