import type { IExecuteFunctions } from 'n8n-workflow';
import type { DownloadLimits } from '../../common/transport';
import { paramError } from '../helpers/validation';

/**
 * The bounds of a download from a media URL. Max Size defaults to 512 MiB, X's largest video upload
 * (LinkedIn takes larger files: raise it for them); the idle timeout to 60 s without a byte.
 */
export const DEFAULT_MAX_SIZE_MIB = 512;
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 60;
const MAX_IDLE_TIMEOUT_SECONDS = 3600;
const MAX_MAX_SIZE_MIB = 1024 * 1024;

/**
 * A download without Content-Length is stored in n8n's binary store before it is uploaded (the storage host
 * needs the length). When n8n keeps binary data in memory (binary data mode `default`), that store is the
 * process's memory, as a Buffer and then base64 text (100 MiB raised the RSS by about 331 MiB), so such a
 * download gets this smaller cap unless Max Size was set. Settable for tests.
 */
export const inMemoryChunked = { maxBytes: 64 * 1024 * 1024 };

/** The limits with the names of the parameters that set them, for errors. */
export interface UrlLimits extends DownloadLimits {
	maxSizeLabel: string;
	idleTimeoutLabel: string;
	/** Whether Max Size was set (else the default applies, and the in-memory cap may lower it). */
	maxSizeGiven?: boolean;
}

export const MIB = 1024 * 1024;

/** `50 MiB`, `0.5 MiB`, `512 MiB`. */
export function formatMib(bytes: number): string {
	return `${Math.round((bytes / MIB) * 10) / 10} MiB`;
}

export function formatSeconds(ms: number): string {
	const value = Math.round(ms / 100) / 10;
	return `${value} second${value === 1 ? '' : 's'}`;
}

/** `0.4 seconds`, `64 seconds`, `35 min 8 s`. */
export function formatDuration(ms: number): string {
	if (ms < 120_000) return formatSeconds(ms);
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** How a positive number parameter is read: its name for errors, its value when unset, its largest value. */
export interface PositiveNumberRule {
	label: string;
	fallback: number;
	max: number;
}

/** A positive number of at most `max` as given (a number, or digits from an expression); the fallback when unset. */
export function readPositiveNumber(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	{ label, fallback, max }: PositiveNumberRule,
): number {
	if (value === undefined || value === null) return fallback;
	// an expression may give the number as text ("50"); anything else that is not a number is refused
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value)
				: Number.NaN;
	if (!Number.isFinite(number) || number <= 0 || number > max)
		throw paramError(
			context,
			itemIndex,
			label,
			`must be a number greater than 0 and at most ${max}, got "${String(value)}"`,
		);
	return number;
}

/** Reads Max Size (MiB) and the idle timeout (seconds) as given; a value that is not a positive number is refused. */
export function readUrlLimits(
	context: IExecuteFunctions,
	itemIndex: number,
	given: { maxSizeMib?: unknown; idleTimeoutSeconds?: unknown },
	labels: { maxSize: string; idleTimeout: string },
): UrlLimits {
	const maxSizeMib = readPositiveNumber(context, itemIndex, given.maxSizeMib, {
		label: labels.maxSize,
		fallback: DEFAULT_MAX_SIZE_MIB,
		max: MAX_MAX_SIZE_MIB,
	});
	const idleSeconds = readPositiveNumber(context, itemIndex, given.idleTimeoutSeconds, {
		label: labels.idleTimeout,
		fallback: DEFAULT_IDLE_TIMEOUT_SECONDS,
		max: MAX_IDLE_TIMEOUT_SECONDS,
	});
	return {
		maxBytes: Math.floor(maxSizeMib * MIB),
		idleTimeoutMs: Math.round(idleSeconds * 1000),
		maxSizeLabel: labels.maxSize,
		idleTimeoutLabel: labels.idleTimeout,
		maxSizeGiven: given.maxSizeMib !== undefined && given.maxSizeMib !== null,
	};
}

/** The limits when no option is given (Media URL fields of drafts without Content Options). */
export const DEFAULT_URL_LIMITS: UrlLimits = {
	maxBytes: DEFAULT_MAX_SIZE_MIB * MIB,
	idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_SECONDS * 1000,
	maxSizeLabel: 'Max Size (MiB)',
	idleTimeoutLabel: 'Download Idle Timeout (Seconds)',
};
