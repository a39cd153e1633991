/**
 * Sections of RESULTS.md that other scripts write (the queue-mode end-to-end test writes the
 * "queue mode burst" case, since it needs real n8n, Redis and PostgreSQL). `npm run bench` keeps
 * them when it rewrites the file.
 */
const SECTION_START = (name: string) => `<!-- section ${name}: kept by npm run bench -->`;
const SECTION_END = (name: string) => `<!-- end of section ${name} -->`;

/** Every kept section of a RESULTS.md text, markers included, in order. */
export function keptSections(text: string): string[] {
	return [
		...text.matchAll(
			/<!-- section ([a-z0-9-]+): kept by npm run bench -->[\s\S]*?<!-- end of section \1 -->/g,
		),
	].map((m) => m[0]);
}

/** The text with section `name` replaced by `body` (or added at the end when it is not there yet). */
export function withSection(text: string, name: string, body: string): string {
	const block = `${SECTION_START(name)}\n${body.trim()}\n${SECTION_END(name)}`;
	const existing = keptSections(text).find((s) => s.startsWith(SECTION_START(name)));
	if (existing) return text.replace(existing, () => block);
	return `${text.trimEnd()}\n\n${block}\n`;
}
