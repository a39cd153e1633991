export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type Query = Record<string, QueryValue>;

/** `https://host`, `https://host/`, `https://host/v2` and `https://host/v2/` all give `https://host`. */
export function normalizeBaseUrl(baseUrl: string): string {
	return baseUrl.trim().replace(/\/+$/, '').replace(/\/v2$/i, '');
}

/** Query arrays become repeated keys (`tag=a&tag=b`); null and undefined values are left out. */
export function buildQueryString(qs: Query | undefined): string {
	if (!qs) return '';
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(qs)) {
		if (value === undefined || value === null) continue;
		if (Array.isArray(value)) {
			for (const entry of value) params.append(key, String(entry));
		} else {
			params.append(key, String(value));
		}
	}
	const text = params.toString();
	return text ? `?${text}` : '';
}

export function buildUrl(baseUrl: string, path: string, qs?: Query): string {
	const cleanPath = path.startsWith('/') ? path : `/${path}`;
	return `${normalizeBaseUrl(baseUrl)}${cleanPath}${buildQueryString(qs)}`;
}

/** A path segment that is an id: a whole number or a UUID. */
const ID_SEGMENT =
	/\/(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/|$)/gi;

/** Route shape without ids, so rate-limit buckets of one operation are found again. */
export function routeTemplate(method: string, path: string): string {
	return `${method.toUpperCase()} ${path.replace(ID_SEGMENT, '/{}')}`;
}

/**
 * Why a text is not an ID the node can put into a path, or undefined when it is one: IDs are whole numbers
 * of at most 2^53 - 1 (`Number.MAX_SAFE_INTEGER`), the largest JavaScript holds exactly; a larger one would
 * be rounded to another ID.
 */
export function idProblem(text: string): string | undefined {
	if (!/^\d+$/.test(text)) return 'must be a whole number';
	if (!Number.isSafeInteger(Number(text)))
		return `is larger than ${Number.MAX_SAFE_INTEGER}, the largest ID the node carries exactly`;
	return undefined;
}
