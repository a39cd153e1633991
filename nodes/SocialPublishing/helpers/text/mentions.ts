/**
 * LinkedIn mentions in post text: `@[name](urn:li:organization:…)` or `@[name](urn:li:person:…)`, found as the
 * expression `@\[([^\]\n]*)\]\(urn:li:(?:organization|person):[^)\s]+\)` finds them (globally, left to right).
 * A scanner instead of the expression: tried at every `@[`, the expression reads on to the next `]` (or the end
 * of a text of `@[@[@[…`) each time, which takes time growing with the square of the text. Here the stops are
 * looked up once and reused while the search moves forward, so the whole text is read a fixed number of times.
 */

export interface LinkedInMention {
	start: number;
	end: number;
	/** The name between the brackets. */
	name: string;
}

const URN_PREFIXES = ['](urn:li:organization:', '](urn:li:person:'];
const WHITESPACE = /\s/;

/** The first position at or after `from` where `isStop` holds, or the text's length; cached while `from` grows. */
function forwardFinder(text: string, isStop: (unit: number, at: number) => boolean) {
	let found = -1;
	return (from: number): number => {
		if (found >= from) return found;
		let at = from;
		while (at < text.length && !isStop(text.charCodeAt(at), at)) at++;
		found = at;
		return at;
	};
}

export function findLinkedInMentions(text: string): LinkedInMention[] {
	const mentions: LinkedInMention[] = [];
	if (!text.includes('@[')) return mentions;
	// End of a name: `]` or a line feed. End of an id: `)` or whitespace.
	const nameEnd = forwardFinder(text, (unit) => unit === 0x5d || unit === 0x0a);
	const idEnd = forwardFinder(
		text,
		(unit, at) =>
			unit === 0x29 ||
			(unit <= 0x20 ? unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) : WHITESPACE.test(text[at])),
	);
	let at = text.indexOf('@[');
	while (at !== -1) {
		const close = nameEnd(at + 2);
		const prefix = URN_PREFIXES.find((p) => text.startsWith(p, close));
		if (prefix) {
			const idStart = close + prefix.length;
			const stop = idEnd(idStart);
			if (stop > idStart && text.charCodeAt(stop) === 0x29) {
				mentions.push({ start: at, end: stop + 1, name: text.slice(at + 2, close) });
				at = text.indexOf('@[', stop + 1);
				continue;
			}
		}
		at = text.indexOf('@[', at + 1);
	}
	return mentions;
}

/** The text with each LinkedIn mention replaced by `replace(name)`. */
export function replaceLinkedInMentions(text: string, replace: (name: string) => string): string {
	let out = '';
	let cursor = 0;
	for (const mention of findLinkedInMentions(text)) {
		out += text.slice(cursor, mention.start) + replace(mention.name);
		cursor = mention.end;
	}
	return cursor === 0 ? text : out + text.slice(cursor);
}
