import fc from 'fast-check';
import { splitThread } from '../../../../../nodes/SocialPublishing/helpers/text/threadSplit';

describe('splitThread', () => {
	test('a line holding only the separator ends a post; posts are trimmed', () => {
		expect(splitThread('  One\n---\nTwo\nstill two\n   ---   \n\nThree  ')).toEqual([
			'One',
			'Two\nstill two',
			'Three',
		]);
	});

	test('separators inside a line do not split, nor do longer dash runs', () => {
		expect(splitThread('a --- b\n----\nc')).toEqual(['a --- b\n----\nc']);
	});

	test('Windows and old Mac line endings split alike', () => {
		expect(splitThread('a\r\n---\r\nb\r---\rc')).toEqual(['a', 'b', 'c']);
	});

	test('empty posts (leading, doubled or trailing separators) are dropped; empty text gives no posts', () => {
		expect(splitThread('---\na\n---\n---\nb\n---')).toEqual(['a', 'b']);
		expect(splitThread('')).toEqual([]);
		expect(splitThread('  \n---\n ')).toEqual([]);
	});

	test('a custom separator', () => {
		expect(splitThread('a\n***\nb\n---\nc', '***')).toEqual(['a', 'b\n---\nc']);
	});

	test('property: posts joined with separator lines split back into the same posts', () => {
		const line = fc
			.string({ minLength: 1, maxLength: 20 })
			.filter((s) => !/[\r\n]/.test(s) && s.trim() !== '---');
		const post = fc
			.array(line, { minLength: 1, maxLength: 4 })
			.map((lines) => lines.join('\n').trim())
			.filter((p) => p !== '');
		fc.assert(
			fc.property(fc.array(post, { minLength: 1, maxLength: 6 }), (posts) => {
				expect(splitThread(posts.join('\n---\n'))).toEqual(posts);
			}),
		);
	});
});
