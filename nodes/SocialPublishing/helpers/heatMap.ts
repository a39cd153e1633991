import { DAY_NAMES, type SlotStats } from './postingSlots';

/**
 * The weekday × hour grid of best times as an SVG picture: one cell per slot, its colour the slot's median
 * engagement rate (darker is higher), slots with fewer posts than the minimum hatched in grey, slots without
 * posts empty. Every text from outside (the title, the time zone) is escaped. Built in one pass over the 168
 * cells: its size does not depend on how many posts were read.
 */

const XML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&apos;',
};

/** Whether XML 1.0 allows the UTF-16 code unit: no control characters but tab, line feed and carriage return, and not U+FFFE or U+FFFF. */
const allowed = (code: number) =>
	code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code < 0xfffe);

/** Text made safe for an XML text node or attribute; characters XML 1.0 does not allow are dropped. One pass. */
export function escapeXml(text: string): string {
	let out = '';
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (!allowed(text.charCodeAt(i))) continue;
		out += XML_ESCAPES[char] ?? char;
	}
	return out;
}

/** At most this many characters of a title line are drawn. */
const LINE_MAX = 120;
const line = (text: string) =>
	escapeXml(text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text);

const CELL = 28;
const LEFT = 96;
const TOP = 78;
const WIDTH = LEFT + 24 * CELL + 16;
const HEIGHT = TOP + 7 * CELL + 56;

export interface HeatMapInput {
	/** every slot with posts (`slotStats`) */
	stats: readonly SlotStats[];
	minPosts: number;
	title: string;
	subtitle: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** A blue from light (0) to dark (1). */
function shade(share: number): string {
	const t = Math.max(0, Math.min(1, share));
	const mix = (from: number, to: number) => Math.round(from + (to - from) * t);
	return `rgb(${mix(222, 8)},${mix(235, 48)},${mix(247, 107)})`;
}

export function heatMapSvg({ stats, minPosts, title, subtitle }: HeatMapInput): string {
	const ranked = stats.filter((slot) => slot.posts >= minPosts);
	const top = ranked.reduce((max, slot) => Math.max(max, slot.medianRate), 0);
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
		'<defs><pattern id="few" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f2f2f2"/><line x1="0" y1="0" x2="0" y2="6" stroke="#bbbbbb" stroke-width="2"/></pattern></defs>',
		`<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
		`<text x="16" y="24" font-size="15" font-weight="bold">${line(title)}</text>`,
		`<text x="16" y="44" fill="#555555">${line(subtitle)}</text>`,
	];
	for (let hour = 0; hour < 24; hour++)
		parts.push(
			`<text x="${LEFT + hour * CELL + CELL / 2}" y="${TOP - 8}" text-anchor="middle" fill="#555555">${hour}</text>`,
		);
	DAY_NAMES.forEach((name, day) =>
		parts.push(
			`<text x="${LEFT - 8}" y="${TOP + day * CELL + CELL / 2 + 4}" text-anchor="end">${name}</text>`,
		),
	);
	const cells = new Map(stats.map((slot) => [slot.day * 24 + slot.hour, slot]));
	for (let index = 0; index < 7 * 24; index++) {
		const day = Math.floor(index / 24);
		const hour = index % 24;
		const slot = cells.get(index);
		const x = LEFT + hour * CELL;
		const y = TOP + day * CELL;
		const at = `${DAY_NAMES[day]} ${String(hour).padStart(2, '0')}:00`;
		if (!slot) {
			parts.push(
				`<rect x="${x}" y="${y}" width="${CELL - 2}" height="${CELL - 2}" fill="#ffffff" stroke="#eeeeee"><title>${at}: no posts</title></rect>`,
			);
			continue;
		}
		const enough = slot.posts >= minPosts;
		const fill = enough ? shade(top > 0 ? slot.medianRate / top : 0) : 'url(#few)';
		const summary = `${at}: ${slot.posts} post${slot.posts === 1 ? '' : 's'}, median engagement rate ${percent(slot.medianRate)}, median impressions ${slot.medianImpressions}${enough ? '' : ` (fewer than ${minPosts}: not ranked)`}`;
		parts.push(
			`<rect x="${x}" y="${y}" width="${CELL - 2}" height="${CELL - 2}" fill="${fill}"><title>${escapeXml(summary)}</title></rect>`,
		);
	}
	const legendY = TOP + 7 * CELL + 24;
	parts.push(
		`<rect x="${LEFT}" y="${legendY - 10}" width="12" height="12" fill="${shade(0.1)}"/>`,
		`<rect x="${LEFT + 14}" y="${legendY - 10}" width="12" height="12" fill="${shade(0.55)}"/>`,
		`<rect x="${LEFT + 28}" y="${legendY - 10}" width="12" height="12" fill="${shade(1)}"/>`,
		`<text x="${LEFT + 46}" y="${legendY}">median engagement rate, up to ${percent(top)}</text>`,
		`<rect x="${LEFT + 300}" y="${legendY - 10}" width="12" height="12" fill="url(#few)"/>`,
		`<text x="${LEFT + 318}" y="${legendY}">fewer than ${minPosts} post${minPosts === 1 ? '' : 's'}: not ranked</text>`,
		'</svg>',
	);
	return parts.join('\n');
}
