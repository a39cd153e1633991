import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import {
	beforeUpload,
	fillPendingMedia,
	PendingMedia,
	pendingMediaOf,
} from '../../../../nodes/SocialPublishing/helpers/mediaSlots';
import { splitThread } from '../../../../nodes/SocialPublishing/helpers/text/threadSplit';
import {
	toList,
	checkPlatformsObject,
} from '../../../../nodes/SocialPublishing/helpers/validation';

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

describe('pending media: a body built once, the ids filled in after the uploads', () => {
	const M1 = '11111111-1111-4111-8111-111111111111';
	const built = (): IDataObject => ({
		x: {
			enabled: true,
			posts: [
				{
					text: 'a',
					media_ids: [beforeUpload({ mediaId: M1 }), beforeUpload({ binaryProperty: 'b' })],
				},
				{
					text: 'b',
					media_ids: [
						beforeUpload({ mediaUrl: 'https://e.com/a.png', label: 'Media URLs' }),
						beforeUpload({ binaryProperty: 'b' }),
						beforeUpload({ binaryProperty: 'a' }),
					],
				},
			],
			settings: {},
		},
	});

	test('an ID stays as given; a file to upload is a pending slot, listed once each in order of first use', () => {
		const platforms = built();
		const ids = ((platforms.x as IDataObject).posts as IDataObject[])[0].media_ids as unknown[];
		expect(ids[0]).toBe(M1);
		expect(ids[1]).toBeInstanceOf(PendingMedia);
		expect(pendingMediaOf(platforms)).toEqual([
			{ binaryProperty: 'b' },
			{ mediaUrl: 'https://e.com/a.png', label: 'Media URLs' },
			{ binaryProperty: 'a' },
		]);
		expect(
			pendingMediaOf({
				x_article: {
					content_markdown: '#',
					cover_media_id: beforeUpload({ binaryProperty: 'cover' }),
				},
			}),
		).toEqual([{ binaryProperty: 'cover' }]);
	});

	test('the checks on a whole platforms object pass pending slots and still refuse a media ID that is not a UUID', () => {
		expect(checkPlatformsObject(built(), true)).toBeUndefined();
		const bad = built();
		(((bad.x as IDataObject).posts as IDataObject[])[0].media_ids as unknown[]).push('not-a-uuid');
		expect(checkPlatformsObject(bad, true)).toContain('"not-a-uuid"');
	});

	test('filling puts each uploaded id in every slot of its file, in place, and leaves no slot', () => {
		const platforms = built();
		fillPendingMedia(platforms, (ref) =>
			'binaryProperty' in ref ? `id-${ref.binaryProperty}` : 'id-url',
		);
		expect(((platforms.x as IDataObject).posts as IDataObject[]).map((p) => p.media_ids)).toEqual([
			[M1, 'id-b'],
			['id-url', 'id-b', 'id-a'],
		]);
		expect(pendingMediaOf(platforms)).toEqual([]);
		const article: IDataObject = {
			x_article: {
				content_markdown: '#',
				cover_media_id: beforeUpload({ binaryProperty: 'cover' }),
			},
		};
		fillPendingMedia(article, () => 'id-cover');
		expect(article).toEqual({ x_article: { content_markdown: '#', cover_media_id: 'id-cover' } });
	});
});

describe('toList', () => {
	test('toList reads comma-separated strings and arrays from expressions', () => {
		expect(toList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
		expect(toList(['x', ' y '])).toEqual(['x', 'y']);
		expect(toList(undefined)).toEqual([]);
	});
});
