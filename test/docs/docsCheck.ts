import { existsSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import type { INodeProperties } from 'n8n-workflow';

/**
 * Checks of the user documentation (README.md and docs/*.md): every relative link and anchor resolves,
 * every repository path and example file a guide names exists, and every parameter name a guide
 * quotes is one the nodes show. Pure functions over texts, so the tests can also feed them wrong samples.
 *
 * Conventions the checks rely on (docs/developers/development.md, "Writing the guides"):
 * - a parameter, option or value the user picks in the editor is written in *italics* or **bold**, in the
 *   node's own words (Title Case), a path of them joined by " > " (*Content Options > Check Media*);
 * - a repository path is written in backticks from its top folder (`nodes/common/platforms.ts`);
 * - an example workflow is named as `examples/<file>.json`, or by its bare file name in backticks.
 */

export interface DocFile {
	/** Path from the repository root, with forward slashes (`docs/media.md`). */
	path: string;
	text: string;
}

/** Words Title Case leaves in lower case unless they open the name (as the node's own names do). */
const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'by',
	'for',
	'from',
	'in',
	'into',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'with',
]);

/** Folders whose paths a guide may name in backticks, checked to exist. */
const CHECKED_ROOTS = [
	'nodes',
	'credentials',
	'scripts',
	'sandbox',
	'test',
	'bench',
	'examples',
	'docs',
	'.github',
	'.ci',
];

/** The text without fenced code blocks (their lines become empty, so line numbers stay). */
export function withoutFences(text: string): string {
	let inFence = false;
	return text
		.split('\n')
		.map((line) => {
			if (/^\s*(```|~~~)/.test(line)) {
				inFence = !inFence;
				return '';
			}
			return inFence ? '' : line;
		})
		.join('\n');
}

/** Inline code spans of a line, and the line with them blanked out. */
function splitCode(line: string): { code: string[]; rest: string } {
	const code: string[] = [];
	const rest = line.replace(
		/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g,
		(_match, _ticks, inner: string) => {
			code.push(inner.trim());
			return ' ';
		},
	);
	return { code, rest };
}

/** The heading's text as GitHub renders it: inline code, links and emphasis reduced to their text. */
function headingText(raw: string): string {
	return raw
		.replace(/`([^`]*)`/g, '$1')
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
		.trim();
}

/** GitHub's anchor for a heading text (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(text: string): string {
	return headingText(text)
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Every anchor a markdown text has: its headings' slugs, a repeated slug numbered -1, -2, … as GitHub does. */
export function anchorsOf(text: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of withoutFences(text).split('\n')) {
		const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!match) continue;
		const base = githubSlug(match[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

/** Links and images of a text outside code: `[text](target)`, with their line numbers. */
export function linksOf(text: string): Array<{ target: string; line: number }> {
	const links: Array<{ target: string; line: number }> = [];
	withoutFences(text)
		.split('\n')
		.forEach((line, index) => {
			const { rest } = splitCode(line);
			for (const match of rest.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
				links.push({ target: match[1], line: index + 1 });
			}
		});
	return links;
}

/** Problems with the relative links and anchors of `doc`; `files` are every document by path, `root` the repository. */
export function checkLinks(doc: DocFile, files: Map<string, string>, root: string): string[] {
	const problems: string[] = [];
	for (const { target, line } of linksOf(doc.text)) {
		if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
		const where = `${doc.path}:${line}: ${target}`;
		const hash = target.indexOf('#');
		const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
		const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
		let targetPath = doc.path;
		if (pathPart !== '') {
			const absolute = pathPart.startsWith('/')
				? join(root, pathPart)
				: resolve(root, dirname(doc.path), pathPart);
			targetPath = relative(root, absolute).split('\\').join('/');
			if (targetPath.startsWith('..') || !existsSync(absolute)) {
				problems.push(`${where}: no such file`);
				continue;
			}
			if (anchor !== undefined && statSync(absolute).isDirectory()) {
				problems.push(`${where}: an anchor on a folder`);
				continue;
			}
		}
		if (anchor === undefined) continue;
		if (!targetPath.endsWith('.md')) {
			problems.push(`${where}: an anchor into a file that is not markdown`);
			continue;
		}
		const text = files.get(targetPath) ?? readFileSync(join(root, targetPath), 'utf8');
		if (!anchorsOf(text).has(anchor)) {
			problems.push(`${where}: no heading "#${anchor}" in ${targetPath}`);
		}
	}
	return problems;
}

/** Inline code spans outside fenced blocks, with line numbers. */
export function codeSpansOf(text: string): Array<{ code: string; line: number }> {
	const spans: Array<{ code: string; line: number }> = [];
	withoutFences(text)
		.split('\n')
		.forEach((line, index) => {
			for (const code of splitCode(line).code) spans.push({ code, line: index + 1 });
		});
	return spans;
}

/**
 * Problems with the repository paths `doc` names in backticks (a path from one of the checked top
 * folders, without placeholders) and with the example files it names: each must exist.
 */
export function checkPaths(doc: DocFile, root: string, exampleNames: Set<string>): string[] {
	const problems: string[] = [];
	for (const { code, line } of codeSpansOf(doc.text)) {
		const where = `${doc.path}:${line}: \`${code}\``;
		const top = code.split('/')[0];
		if (code.includes('/') && CHECKED_ROOTS.includes(top) && /^[\w./-]+$/.test(code)) {
			if (!existsSync(join(root, code))) problems.push(`${where}: no such path`);
			continue;
		}
		if (/^[a-z0-9]+(-[a-z0-9]+)+\.json$/.test(code) && !exampleNames.has(code)) {
			problems.push(`${where}: no such example in examples/`);
		}
	}
	return problems;
}

/** Emphasised spans (**bold**, *italic*, _italic_) outside code and links' targets, with line numbers. */
export function emphasisOf(text: string): Array<{ span: string; line: number }> {
	const spans: Array<{ span: string; line: number }> = [];
	withoutFences(text)
		.split('\n')
		.forEach((line, index) => {
			let rest = splitCode(line).rest.replace(/\]\([^)]*\)/g, ']');
			rest = rest.replace(/\*\*(\S(?:[^*]*?\S)?)\*\*/g, (_m, inner: string) => {
				spans.push({ span: inner, line: index + 1 });
				return ' ';
			});
			for (const match of rest.matchAll(/(?<![\w*])[*_](\S(?:[^*_]*?\S)?)[*_](?![\w*])/g)) {
				spans.push({ span: match[1], line: index + 1 });
			}
		});
	return spans;
}

/** Whether a span reads as a name in the nodes' Title Case: every word capitalised but the small ones. */
export function isTitleCase(span: string): boolean {
	if (/[.:;!?]$/.test(span) || /["`]/.test(span)) return false;
	const words = span
		.split(/\s+|\s*[>→/]\s*/)
		.map((word) => word.replace(/^[([]+|[)\],]+$/g, ''))
		.filter((word) => word !== '');
	if (words.length === 0 || !/^[\p{Lu}\p{N}]/u.test(words[0])) return false;
	if (!words.some((word) => /^\p{Lu}/u.test(word))) return false; // "18 of 50" is a figure
	return words.every(
		(word) => /^[\p{Lu}\p{N}]/u.test(word) || SMALL_WORDS.has(word) || /^[^\p{L}]+$/u.test(word),
	);
}

/** Every name the editor shows for a parameter: display names, option names and collection entries. */
export function namesOf(properties: INodeProperties[]): Set<string> {
	const names = new Set<string>();
	const add = (name: string) => {
		names.add(name);
		// a unit or a hint in brackets may be left out: *Max Size* for "Max Size (MiB)"
		names.add(name.replace(/\s*\([^)]*\)$/, ''));
	};
	const walk = (entries: unknown[]): void => {
		for (const entry of entries as Array<Record<string, unknown>>) {
			if (typeof entry.displayName === 'string') add(entry.displayName);
			if (typeof entry.name === 'string' && !('type' in entry) && !('values' in entry)) {
				add(entry.name); // an option of an options or multiOptions list
			}
			if (Array.isArray(entry.options)) walk(entry.options);
			if (Array.isArray(entry.values)) walk(entry.values);
		}
	};
	walk(properties);
	return names;
}

/**
 * Problems with the parameter names `doc` quotes: every emphasised span in Title Case, each part of it
 * (parts joined by " > ", " → ", " / " or ", "), must be one of `names` (the nodes' names and those of n8n's own UI).
 */
export function checkParameterNames(doc: DocFile, names: Set<string>): string[] {
	const problems: string[] = [];
	for (const { span, line } of emphasisOf(doc.text)) {
		if (!isTitleCase(span)) continue;
		for (const part of span.split(/\s+[>→/]\s+|,\s+/)) {
			if (!names.has(part.trim())) {
				problems.push(`${doc.path}:${line}: "${part.trim()}" (in "${span}") is no parameter name`);
			}
		}
	}
	return problems;
}

/** What the editor shows for a parameter's default and bounds, by the names it is shown under. */
export interface Quotable {
	default: unknown;
	min?: number;
	max?: number;
}

/** Every parameter's default and number bounds, by display name (collection entries included). */
export function defaultsOf(properties: INodeProperties[]): Map<string, Quotable[]> {
	const found = new Map<string, Quotable[]>();
	const walk = (entries: unknown[]): void => {
		for (const entry of entries as Array<Record<string, unknown>>) {
			if (typeof entry.displayName === 'string' && 'type' in entry) {
				const typeOptions = (entry.typeOptions ?? {}) as Record<string, unknown>;
				const quotable: Quotable = {
					default: entry.default,
					...(typeof typeOptions.minValue === 'number' ? { min: typeOptions.minValue } : {}),
					...(typeof typeOptions.maxValue === 'number' ? { max: typeOptions.maxValue } : {}),
				};
				found.set(entry.displayName, [...(found.get(entry.displayName) ?? []), quotable]);
			}
			for (const key of ['options', 'values']) {
				if (Array.isArray(entry[key])) walk(entry[key] as unknown[]);
			}
		}
	};
	walk(properties);
	return found;
}

/** A figure as the guides write it ("5,000", "120 s", "300 seconds") as a number; undefined for other words. */
function figureOf(text: string): number | undefined {
	const match = /^(\d[\d,]*(?:\.\d+)?)(?:\s*(?:s|seconds?))?$/.exec(text.trim());
	return match ? Number(match[1].replace(/,/g, '')) : undefined;
}

/**
 * Problems with the defaults and bounds `doc` quotes for a parameter it names in emphasis: "*Max Posts* posts
 * (default 5,000, at most 10,000)", "*Timeout* (default 120 s)", "(from 1 to 32)", "(off by default)". The figure
 * must be the default (or bound) of a parameter of that name; a name no parameter has is left to
 * checkParameterNames.
 */
export function checkQuotedDefaults(doc: DocFile, defaults: Map<string, Quotable[]>): string[] {
	const problems: string[] = [];
	const lines = withoutFences(doc.text).split('\n');
	const quote =
		/\*{1,2}([^*]+?)\*{1,2}[^()*\n]{0,40}?\((off by default|on by default|default:? (?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?: ?(?:s|seconds))?|default:? [^,)]+)(?:, (?:at most ([\d,]+)|from ([\d,]+) to ([\d,]+)))?/g;
	lines.forEach((line, index) => {
		for (const match of splitCode(line).rest.matchAll(quote)) {
			const name = match[1].split(/\s+[>→]\s+/).pop() ?? match[1];
			const candidates = defaults.get(name);
			if (!candidates) continue;
			const said = match[2];
			const where = `${doc.path}:${index + 1}: "${name}" (${match[0].replace(/\s+/g, ' ')})`;
			const wanted: unknown =
				said === 'off by default'
					? false
					: said === 'on by default'
						? true
						: (figureOf(said.replace(/^default:? /, '')) ?? said.replace(/^default:? /, ''));
			if (!candidates.some((c) => c.default === wanted || String(c.default) === String(wanted)))
				problems.push(
					`${where}: the default is ${[...new Set(candidates.map((c) => JSON.stringify(c.default)))].join(' or ')}`,
				);
			const max = match[3] ?? match[5];
			const min = match[4];
			if (max !== undefined && !candidates.some((c) => c.max === figureOf(max)))
				problems.push(
					`${where}: the most it takes is ${[...new Set(candidates.map((c) => c.max))].join(' or ')}`,
				);
			if (min !== undefined && !candidates.some((c) => c.min === figureOf(min)))
				problems.push(
					`${where}: the least it takes is ${[...new Set(candidates.map((c) => c.min))].join(' or ')}`,
				);
		}
	});
	return problems;
}
