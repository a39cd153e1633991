import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

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

function asMissingMap(value: unknown): Record<string, string[]> | undefined {
	if (!isRecord(value)) return undefined;
	const map: Record<string, string[]> = {};
	for (const [platform, ids] of Object.entries(value)) {
		if (Array.isArray(ids)) map[platform] = ids.map(String);
	}
	return Object.keys(map).length ? map : undefined;
}

/** Reads `{error: {code, message, details}}`; any other body (HTML, text, empty) still gives a readable error. */
export function parseServiceError(status: number, body: unknown): ServiceError {
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
		const text = typeof parsed === 'string' ? parsed.replace(/\s+/g, ' ').trim().slice(0, 300) : '';
		return {
			code: STATUS_CODES[status] ?? `HTTP_${status}`,
			message: text
				? `The service answered ${status}: ${text}`
				: `The service answered ${status} without details`,
			details: [],
		};
	}
	const details = Array.isArray(envelope.details)
		? envelope.details.filter(isRecord).map((d) => d as ServiceErrorDetail)
		: [];
	const missing =
		asMissingMap(envelope.missing) ??
		asMissingMap(envelope.missing_markers) ??
		details.reduce<Record<string, string[]> | undefined>((acc, d) => {
			const ids = Array.isArray(d.missing) ? d.missing.map(String) : undefined;
			const platform =
				typeof d.platform === 'string' ? d.platform : d.field?.replace(/^platforms\./, '');
			if (!ids || !platform) return acc;
			return { ...(acc ?? {}), [platform]: ids };
		}, undefined);
	return {
		code:
			typeof envelope.code === 'string'
				? envelope.code
				: (STATUS_CODES[status] ?? `HTTP_${status}`),
		message:
			typeof envelope.message === 'string' ? envelope.message : `The service answered ${status}`,
		details,
		missing,
	};
}

/** One line per detail (`field: message`), the subcode of a malformed marker, and the missing markers per platform. */
export function describeServiceError(error: ServiceError): string {
	const listedByMissing = (field?: string) =>
		!!error.missing && !!field && field.replace(/^platforms\./, '') in error.missing;
	const lines = error.details
		.filter((d) => !listedByMissing(d.field))
		.map((d) => {
			const field = d.field ? `${d.field}: ` : '';
			const subcode = d.subcode ? ` (subcode: ${d.subcode})` : '';
			return `${field}${d.message ?? ''}${subcode}`.trim();
		});
	if (error.missing) {
		for (const [platform, ids] of Object.entries(error.missing)) {
			lines.push(`Missing comment markers on ${platform}: ${ids.join(', ')}`);
		}
	}
	return lines.join('\n');
}

export function serviceApiError(
	node: INode,
	status: number,
	body: unknown,
	itemIndex?: number,
): NodeApiError {
	const error = parseServiceError(status, body);
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
