import { FILE_NAME_MAX } from '../../common/limits';
/** Supported formats (Media) and the file_name rules of Media: POST …/media/upload. */
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'mp4', 'mov', 'pdf'] as const;
const FILE_NAME = new RegExp(`^[A-Za-z0-9_.()-]+\\.(${MEDIA_EXTENSIONS.join('|')})$`, 'i');

/**
 * Checks a media file name against the API specification: at most 255 characters; letters, digits,
 * hyphen, underscore, period and parentheses; ending in a supported extension (any case).
 * Returns what is wrong, or undefined when the name is accepted.
 */
export function validateFileName(fileName: string): string | undefined {
	if (fileName === '') return 'must not be empty';
	if (fileName.length > FILE_NAME_MAX)
		return `must be at most ${FILE_NAME_MAX} characters (got ${fileName.length})`;
	const extension = /\.([^.]*)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
	if (!(MEDIA_EXTENSIONS as readonly string[]).includes(extension)) {
		return `must end in one of .${MEDIA_EXTENSIONS.join(' .')} (got "${fileName}")`;
	}
	if (!FILE_NAME.test(fileName)) {
		return `may contain only letters, digits, hyphen, underscore, period and parentheses (got "${fileName}")`;
	}
	return undefined;
}

/**
 * Media given as a public URL: the URL's syntax, and the file name the upload is created with, taken from
 * the response headers or the URL and checked against the API's media rules (Media: supported formats;
 * Media endpoint: file_name pattern). Pure functions, no I/O.
 */

type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

/** Content types of the supported formats, and the extension each is uploaded with. */
export const MEDIA_TYPES: Readonly<Record<string, MediaExtension>> = {
	'image/jpeg': 'jpg',
	'image/jpg': 'jpg',
	'image/pjpeg': 'jpg',
	'image/png': 'png',
	'image/webp': 'webp',
	'image/gif': 'gif',
	'video/mp4': 'mp4',
	'video/quicktime': 'mov',
	'application/pdf': 'pdf',
};

/** Content types that say nothing about the format: the name decides. */
const GENERIC_TYPES = new Set([
	'application/octet-stream',
	'binary/octet-stream',
	'application/binary',
	'application/download',
	'application/x-download',
	'application/force-download',
]);

const SAME_FORMAT: Readonly<Record<string, string>> = { jpeg: 'jpg' };

/**
 * Longest Media URL taken. Servers refuse request lines far shorter, and the URL parser's time grows faster than
 * the length on long hostile paths, so a longer text is refused before it is parsed.
 */
export const MAX_MEDIA_URL_LENGTH = 8192;

/** The URL without query string and fragment (they may carry access tokens), for messages. */
export function displayUrl(url: string): string {
	if (url.length > MAX_MEDIA_URL_LENGTH) return withoutQuery(url);
	try {
		const parsed = new URL(url);
		const origin = parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
		return `${origin}${parsed.pathname}`;
	} catch {
		return withoutQuery(url);
	}
}

const LINE_TERMINATORS = '\n\r\u2028\u2029';

/**
 * What `url.replace(/[?#].*$/, '')` gives (the first `?` or `#` after the last line break, and all after it, cut
 * off), without the expression's second pass over the rest of the text from every `?` of a long line.
 */
function withoutQuery(url: string): string {
	let from = 0;
	for (let i = url.length - 1; i >= 0; i--)
		if (LINE_TERMINATORS.includes(url[i])) {
			from = i + 1;
			break;
		}
	for (let i = from; i < url.length; i++)
		if (url[i] === '?' || url[i] === '#') return url.slice(0, i);
	return url;
}

/** The text without `-` and `.` at either end (an expression for the end would read every run to its end again). */
function trimDashesAndDots(text: string): string {
	const cut = (unit: number) => unit === 0x2d || unit === 0x2e;
	let start = 0;
	let end = text.length;
	while (start < end && cut(text.charCodeAt(start))) start++;
	while (end > start && cut(text.charCodeAt(end - 1))) end--;
	return text.slice(start, end);
}

/** An absolute http(s) URL with a host, or what is wrong with it. */
export function checkMediaUrl(raw: unknown): { url: string } | { problem: string } {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (!text) return { problem: 'is empty; give the public http(s) URL of the file' };
	if (text.length > MAX_MEDIA_URL_LENGTH)
		return {
			problem: `is ${text.length.toLocaleString('en-US')} characters long; a Media URL takes at most ${MAX_MEDIA_URL_LENGTH.toLocaleString('en-US')}`,
		};
	let parsed: URL;
	try {
		parsed = new URL(text);
	} catch {
		return { problem: `is not a valid URL: "${displayUrl(text)}"` };
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
		return {
			problem: `must be an http or https URL, got "${parsed.protocol.replace(/:$/, '')}:" in "${displayUrl(text)}"`,
		};
	}
	if (!parsed.hostname) return { problem: `has no host: "${displayUrl(text)}"` };
	return { url: parsed.toString() };
}

/** The bare content type: lower case, without parameters (`image/PNG; q=1` → `image/png`). */
export function bareContentType(header: string | undefined): string | undefined {
	const type = header?.split(';')[0]?.trim().toLowerCase();
	return type ? type : undefined;
}

function decode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

function decodeLatin1(text: string): string {
	return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
		String.fromCharCode(parseInt(hex, 16)),
	);
}

/** The file name of a Content-Disposition header: `filename*` (RFC 6266 / 5987) first, then `filename`. */
export function dispositionFileName(header: string | undefined): string | undefined {
	if (!header) return undefined;
	// The charset (group 1) is trimmed below, so no `\s*` after `=` competes with it for the spaces.
	const extended = /filename\*\s*=([^']*)'[^']*'([^;]+)/i.exec(header);
	if (extended) {
		const value = extended[2].trim().replace(/^"(.*)"$/, '$1');
		const name =
			/^utf-?8$/i.test(extended[1].trim()) || extended[1].trim() === ''
				? decode(value)
				: decodeLatin1(value);
		if (name.trim()) return name.trim();
	}
	const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
	const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? '').trim();
	return name || undefined;
}

/** The last segment of the URL path, decoded. */
export function urlFileName(url: string): string | undefined {
	if (url.length > MAX_MEDIA_URL_LENGTH) return undefined;
	try {
		const segment = new URL(url).pathname.split('/').pop() ?? '';
		const name = decode(segment).trim();
		return name || undefined;
	} catch {
		return undefined;
	}
}

function extensionOf(name: string): string {
	return /\.([^.]*)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

function stemOf(name: string): string {
	return name.replace(/\.[^.]*$/, '');
}

function isMediaExtension(extension: string): extension is MediaExtension {
	return (MEDIA_EXTENSIONS as readonly string[]).includes(extension);
}

function sameFormat(a: string, b: string): boolean {
	return (SAME_FORMAT[a] ?? a) === (SAME_FORMAT[b] ?? b);
}

/**
 * A name the service accepts, from one that came with the download: characters outside letters, digits,
 * hyphen, underscore, period and parentheses become hyphens (accents are dropped first), runs of hyphens
 * shrink to one, and the stem is cut so the whole name stays within 255 characters.
 */
export function safeFileName(stem: string, extension: string): string {
	let safe = stem
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^A-Za-z0-9_.()-]+/g, '-')
		.replace(/-{2,}/g, '-');
	safe = trimDashesAndDots(safe);
	if (!safe) safe = 'media';
	const room = FILE_NAME_MAX - extension.length - 1;
	return `${trimDashesAndDots(safe.slice(0, room)) || 'media'}.${extension}`;
}

/** Why a served Content-Type cannot be uploaded, or undefined for a supported or generic binary type (or none). */
export function servedTypeProblem(contentType: string | undefined): string | undefined {
	const type = bareContentType(contentType);
	if (!type || MEDIA_TYPES[type] || GENERIC_TYPES.has(type)) return undefined;
	return `serves "${type}", which is not a supported media type (${MEDIA_EXTENSIONS.join(', ')})`;
}

export interface DownloadFacts {
	/** The URL the file was read from (after redirects when known). */
	url: string;
	contentType?: string;
	contentDisposition?: string;
}

/**
 * The file name to create the upload with, or why the download cannot be uploaded.
 * The name comes from Content-Disposition, else from the URL path. The format comes from Content-Type when
 * it names a supported format (the bytes are what the server says, so a `.jpg` URL served as `image/webp`
 * is uploaded as `.webp`), else from the name's extension. A Content-Type that is neither a supported format
 * nor a generic binary type (`text/html`: an error or login page) is refused.
 */
export function mediaFileName(facts: DownloadFacts): { fileName: string } | { problem: string } {
	const supported = MEDIA_EXTENSIONS.join(', ');
	const type = bareContentType(facts.contentType);
	const typeExtension = type ? MEDIA_TYPES[type] : undefined;
	const typeProblem = servedTypeProblem(type);
	if (typeProblem) return { problem: typeProblem };
	const given = dispositionFileName(facts.contentDisposition) ?? urlFileName(facts.url) ?? '';
	const givenExtension = extensionOf(given);
	let extension: string;
	let stem: string;
	if (typeExtension) {
		extension =
			isMediaExtension(givenExtension) && sameFormat(givenExtension, typeExtension)
				? givenExtension
				: typeExtension;
		stem =
			isMediaExtension(givenExtension) || /^[a-z0-9]{1,5}$/.test(givenExtension)
				? stemOf(given)
				: given;
	} else if (isMediaExtension(givenExtension)) {
		extension = givenExtension;
		stem = stemOf(given);
	} else {
		const named = given ? `the file name "${given}"` : 'no file name';
		return {
			problem: `gives ${named} and ${type ? `the type "${type}"` : 'no Content-Type'}: neither names a supported media type (${supported})`,
		};
	}
	const fileName = safeFileName(stem, extension);
	const problem = validateFileName(fileName);
	return problem
		? { problem: `gives the file name "${fileName}", which ${problem}` }
		: { fileName };
}
