import type { INodeExecutionData } from 'n8n-workflow';
import { wellFormedProblems } from '../helpers/wellFormed';

/** Reading the calendar picture back in the tests: its SVG, its slot groups and its "+N more" lines, by their data attributes. */

export function svgOf(item: INodeExecutionData | undefined): string {
	const data = item?.binary?.data?.data;
	if (!data) throw new Error('the item carries no picture in binary property "data"');
	return Buffer.from(data, 'base64').toString('utf8');
}

/** Undoes the five entities the writer uses, to compare a drawn text with what the service gave. */
export const unescape = (text: string) =>
	text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) => {
	const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
	return match ? unescape(match[1]) : undefined;
};

export interface DrawnSlot {
	slot: string;
	at: string;
	kind: string;
	draftId?: string;
	/** the texts drawn inside the slot's group */
	texts: string[];
}

/** Each slot group (`<g data-slot=...>`) with its attributes and texts; throws on a picture that is not well-formed. */
export function drawnSlots(svg: string): DrawnSlot[] {
	const problems = wellFormedProblems(svg);
	if (problems.length > 0)
		throw new Error(`the picture is not well-formed: ${problems.join('; ')}`);
	const slots: DrawnSlot[] = [];
	for (const match of svg.matchAll(/(<g data-slot="[^>]*>)([\s\S]*?)<\/g>/g)) {
		const tag = match[1];
		slots.push({
			slot: attribute(tag, 'data-slot') as string,
			at: attribute(tag, 'data-at') as string,
			kind: attribute(tag, 'data-kind') as string,
			draftId: attribute(tag, 'data-draft-id'),
			texts: [...match[2].matchAll(/<text[^>]*>(?:<title>[^<]*<\/title>)?([^<]*)<\/text>/g)].map(
				(text) => unescape(text[1]),
			),
		});
	}
	return slots;
}

/** The "+N more" lines: how many slots each leaves out, filled and free. */
export function moreLines(svg: string): Array<{ more: number; filled: number; free: number }> {
	return [...svg.matchAll(/<g data-more="[^>]*>/g)].map((match) => ({
		more: Number(attribute(match[0], 'data-more')),
		filled: Number(attribute(match[0], 'data-filled')),
		free: Number(attribute(match[0], 'data-free')),
	}));
}
