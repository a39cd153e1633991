import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { MAX_LISTED, echo } from '../text/echo';

export interface ServiceErrorDetail {
	field?: string;
	message?: string;
	subcode?: string;
	[key: string]: unknown;
}

export interface ServiceError {
	code: string;
	message: string;
	details: ServiceErrorDetail[];
	/** Per-platform thread ids missing from submitted text (409 COMMENTS_MARKER_MISMATCH). */
	missing?: Record<string, string[]>;
}

const STATUS_CODES: Record<number, string> = {
	400: 'VALIDATION_ERROR',
	401: 'UNAUTHORIZED',
	402: 'MONETIZATION_ERROR',
	403: 'FORBIDDEN',
	404: 'NOT_FOUND',
	409: 'CONFLICT',
	422: 'VALIDATION_ERROR',
	429: 'RATE_LIMITED',
	503: 'SERVICE_UNAVAILABLE',
};

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Missing marker ids kept in one error, in all: the map per platform keeps this many, and the details' lists too. */
export const MAX_MISSING_IDS = 1000;

/** `echo` with the secrets of one error. */
type Say = (value: unknown, limit?: number) => string;

/** Missing ids as the error keeps them: the first `max`, each cut to 80 characters. */
function boundedIds(ids: unknown[], max: number, say: Say): string[] {
	return ids.slice(0, max).map((id) => say(id, 80));
}

/**
 * The missing ids per platform of the envelope: at most 20 platforms, 1,000 ids in all, shared out evenly so that
 * every platform kept keeps some.
 */
function asMissingMap(value: unknown, say: Say): Record<string, string[]> | undefined {
	if (!isRecord(value)) return undefined;
	const lists = Object.entries(value)
		.filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
		.slice(0, MAX_LISTED);
	if (!lists.length) return undefined;
	const share = Math.floor(MAX_MISSING_IDS / lists.length);
	return Object.fromEntries(
		lists.map(([platform, ids]) => [say(platform, 40), boundedIds(ids, share, say)]),
	);
}

/**
 * The missing ids the details carry, merged per platform (a platform named twice gets both lists): at most 20
 * platforms; the ids are those the details kept, so at most 1,000 in all.
 */
function missingOfDetails(details: ServiceErrorDetail[]): Record<string, string[]> | undefined {
	const map = new Map<string, string[]>();
	for (const detail of details) {
		if (!Array.isArray(detail.missing)) continue;
		const named =
			typeof detail.platform === 'string'
				? detail.platform
				: detail.field?.replace(/^platforms\./, '');
		if (!named) continue;
		const platform = echo(named, 40);
		let ids = map.get(platform);
		if (!ids) {
			if (map.size >= MAX_LISTED) continue;
			ids = [];
			map.set(platform, ids);
		}
		for (const id of detail.missing as string[]) ids.push(id);
	}
	return map.size ? Object.fromEntries(map) : undefined;
}

/** A detail as the error keeps it: its field, message, subcode and platform echoed, its missing ids bounded. */
function boundedDetail(
	detail: Record<string, unknown>,
	share: number,
	say: Say,
): ServiceErrorDetail {
	const bounded: ServiceErrorDetail = {};
	if (detail.field !== undefined) bounded.field = say(detail.field, 120);
	if (detail.message !== undefined) bounded.message = say(detail.message);
	if (detail.subcode !== undefined) bounded.subcode = say(detail.subcode, 60);
	if (detail.platform !== undefined) bounded.platform = say(detail.platform, 40);
	if (Array.isArray(detail.missing)) bounded.missing = boundedIds(detail.missing, share, say);
	return bounded;
}

/**
 * Reads `{error: {code, message, details}}`; any other body (HTML, text, empty) still gives a readable error.
 * Every text the service chose (code, message, details, missing ids) is bounded with `echo`: at most 100
 * details are kept, missing ids for at most 20 platforms and 1,000 ids in all (the details' lists share out another
 * 1,000), and a body of any size gives a short error. `secrets`: the credential's, removed from every text.
 */
export function parseServiceError(
	status: number,
	body: unknown,
	secrets?: readonly string[],
): ServiceError {
	const say: Say = (value, limit) => echo(value, limit, secrets);
	let parsed: unknown = body;
	if (typeof body === 'string') {
		try {
			parsed = JSON.parse(body);
		} catch {
			parsed = body;
		}
	}
	const envelope = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
	if (!envelope) {
		const text = typeof parsed === 'string' ? say(parsed) : '';
		return {
			code: STATUS_CODES[status] ?? `HTTP_${status}`,
			message: text
				? `The service answered ${status}: ${text}`
				: `The service answered ${status} without details`,
			details: [],
		};
	}
	const given = Array.isArray(envelope.details)
		? envelope.details.slice(0, 100).filter(isRecord)
		: [];
	// the details' missing lists share out 1,000 ids, evenly, so each keeps some
	const lists = given.filter((detail) => Array.isArray(detail.missing)).length;
	const share = lists ? Math.floor(MAX_MISSING_IDS / lists) : 0;
	const details = given.map((detail) => boundedDetail(detail, share, say));
	const missing =
		asMissingMap(envelope.missing, say) ??
		asMissingMap(envelope.missing_markers, say) ??
		missingOfDetails(details);
	return {
		code:
			typeof envelope.code === 'string' && envelope.code.trim()
				? say(envelope.code, 60)
				: (STATUS_CODES[status] ?? `HTTP_${status}`),
		message:
			typeof envelope.message === 'string'
				? say(envelope.message)
				: `The service answered ${status}`,
		details,
		missing,
	};
}

/** Characters of the description of a service error, at most: lines past it are counted, not shown. */
export const MAX_DESCRIPTION = 10_000;

/** The lines joined, as many whole lines as fit in `MAX_DESCRIPTION`, then how many were left out. */
function joinBounded(lines: string[]): string {
	let length = 0;
	let shown = 0;
	for (; shown < lines.length; shown++) {
		length += lines[shown].length + 1;
		if (length > MAX_DESCRIPTION - 40) break;
	}
	if (shown === lines.length) return lines.join('\n');
	return [...lines.slice(0, shown), `… and ${lines.length - shown} more lines`].join('\n');
}

/**
 * One line per detail (`field: message`), the subcode of a malformed marker, and the missing markers per platform;
 * at most 20 of each list and 10,000 characters in all. The texts were bounded when the body was read
 * (`parseServiceError`), so they are shown as kept: cut once, with the length the service sent.
 */
export function describeServiceError(error: ServiceError): string {
	const listedByMissing = (field?: string) =>
		!!error.missing &&
		!!field &&
		Object.prototype.hasOwnProperty.call(error.missing, field.replace(/^platforms\./, ''));
	const shown = error.details.filter((d) => !listedByMissing(d.field));
	const lines = shown.slice(0, MAX_LISTED).map((d) => {
		const field = d.field ? `${d.field}: ` : '';
		const subcode = d.subcode ? ` (subcode: ${d.subcode})` : '';
		return `${field}${d.message ?? ''}${subcode}`.trim();
	});
	if (shown.length > MAX_LISTED) lines.push(`… and ${shown.length - MAX_LISTED} more details`);
	if (error.missing) {
		for (const [platform, ids] of Object.entries(error.missing).slice(0, MAX_LISTED)) {
			const more = ids.length - MAX_LISTED;
			const shownIds = ids.slice(0, MAX_LISTED).join(', ');
			lines.push(
				`Missing comment markers on ${platform}: ${more > 0 ? `${shownIds} and ${more} more` : shownIds}`,
			);
		}
	}
	return joinBounded(lines);
}

export function serviceApiError(
	node: INode,
	status: number,
	body: unknown,
	itemIndex?: number,
	secrets?: readonly string[],
): NodeApiError {
	const error = parseServiceError(status, body, secrets);
	const response: IDataObject = {
		code: error.code,
		message: error.message,
		details: error.details as IDataObject[],
	};
	if (error.missing) response.missing = error.missing;
	const apiError = new NodeApiError(node, response as JsonObject, {
		message: `${error.code}: ${error.message}`,
		description: describeServiceError(error) || undefined,
		httpCode: String(status),
		itemIndex,
	});
	apiError.context.service = response;
	return apiError;
}
