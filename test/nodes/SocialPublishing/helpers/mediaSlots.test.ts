import type { IDataObject } from 'n8n-workflow';
import {
	beforeUpload,
	fillPendingMedia,
	PendingMedia,
	pendingMediaOf,
} from '../../../../nodes/SocialPublishing/helpers/mediaSlots';
import { checkPlatformsObject } from '../../../../nodes/SocialPublishing/helpers/validation';

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
