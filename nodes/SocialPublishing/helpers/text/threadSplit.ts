export const DEFAULT_SEPARATOR = '---';

/**
 * Splits one text into the posts of a thread: a line holding only the separator (surrounding spaces
 * ignored) ends a post. Each post is trimmed; empty posts (two separators in a row, a trailing one) are dropped.
 */
export function splitThread(text: string, separator: string = DEFAULT_SEPARATOR): string[] {
	const mark = separator.trim();
	const posts: string[] = [];
	let current: string[] = [];
	const flush = () => {
		const post = current.join('\n').trim();
		if (post !== '') posts.push(post);
		current = [];
	};
	for (const line of text.split(/\r\n|\r|\n/)) {
		if (mark !== '' && line.trim() === mark) flush();
		else current.push(line);
	}
	flush();
	return posts;
}
