import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../common/text/echo';
import { downloadDeadline } from '../../common/transport';
import type { OpenDownload } from '../../common/transport';
import { displayUrl } from '../helpers/mediaFiles';
import { paramError } from '../helpers/validation';
import type { UrlLimits } from './downloadLimits';
import { formatDuration, formatMib, formatSeconds } from './downloadLimits';

/** The errors of a download from a media URL that ended early, saying what became of its upload. */

/** Stop (the execution cancelled) during a download. */
export function cancelledError(
	context: IExecuteFunctions,
	itemIndex: number,
	url: string,
	mediaId?: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		`The execution was cancelled while downloading ${displayUrl(url)} [item ${itemIndex}]`,
		{
			itemIndex,
			description:
				description ??
				(mediaId
					? `Media ${mediaId} was created and did not receive its file.`
					: 'Nothing was uploaded.'),
		},
	);
}

/**
 * `did not finish within 64 seconds, the time "Max Size (MiB)" (1 MiB) allows (60 seconds plus 1 second per 256 KiB)`:
 * the download's deadline (downloadGuard.ts), named by the parameter it is scaled to.
 */
export function deadlineClause(limits: UrlLimits, deadlineMs: number): string {
	return `did not finish within ${formatDuration(deadlineMs)}, the time "${limits.maxSizeLabel}" (${formatMib(limits.maxBytes)}) allows (${formatSeconds(downloadDeadline.baseMs)} plus 1 second per ${Math.round(downloadDeadline.minBytesPerSecond / 1024)} KiB)`;
}

/** What became of the upload, for the end of an error. */
function outcomeText(mediaId?: string): string {
	return mediaId
		? `the upload did not complete: media ${mediaId} was created and did not receive its file`
		: 'nothing was uploaded';
}

/** One open download from a media URL of one item, with what its errors name. */
export interface UrlDownload {
	context: IExecuteFunctions;
	itemIndex: number;
	/** The URL and the parameter that gave it. */
	prepared: { url: string; label: string };
	download: OpenDownload;
	limits: UrlLimits;
}

/**
 * The error of a download that ended early (the guard stopped it, or it broke off), or undefined when the
 * download is not what failed. `mediaId`: the upload created for it, if one was.
 */
export function downloadError(job: UrlDownload, mediaId?: string): NodeOperationError | undefined {
	const { context, itemIndex, prepared, download, limits } = job;
	const { guard } = download;
	const shown = displayUrl(prepared.url);
	const fail = (clause: string) =>
		paramError(
			context,
			itemIndex,
			prepared.label,
			`has ${shown}, ${clause}; ${outcomeText(mediaId)}`,
		);
	switch (guard.stopped?.reason) {
		case 'cancelled':
			return cancelledError(context, itemIndex, prepared.url, mediaId);
		case 'tooLarge':
			if (guard.stopped.maxBytes < limits.maxBytes)
				return fail(
					`which sent more than ${formatMib(guard.stopped.maxBytes)} without a Content-Length, the most kept in memory when "${limits.maxSizeLabel}" is not set (n8n keeps binary data in memory, binary data mode "default"; set "${limits.maxSizeLabel}" to allow more, or use filesystem mode): the download was stopped there`,
				);
			return fail(
				`which sent more than "${limits.maxSizeLabel}" allows (${formatMib(limits.maxBytes)}): the download was stopped there`,
			);
		case 'idle':
			return fail(
				`which sent no data for ${formatSeconds(limits.idleTimeoutMs)} ("${limits.idleTimeoutLabel}"): the download was stopped after ${formatMib(guard.bytes)}`,
			);
		case 'deadline':
			return fail(
				`which ${deadlineClause(limits, guard.stopped.deadlineMs)}: the download was stopped after ${formatMib(guard.bytes)}`,
			);
		case 'longerThanAnnounced':
			return fail(
				`which sent more than the ${guard.stopped.announced} bytes its Content-Length announced (a compressed answer, though plain bytes were asked for?)`,
			);
	}
	// the stream's own message, one line and bounded like every text from outside (common/text/echo.ts)
	if (guard.broken) return fail(`whose download broke off (${echo(guard.broken.message, 200)})`);
	return undefined;
}
