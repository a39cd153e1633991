import type { MediaKind } from '../../../../nodes/SocialPublishing/helpers/mediaRules';
import {
	checkPostMedia,
	describeKinds,
	findMediaProblems,
	fitsOnePost,
	kindOfFileName,
	kindOfMime,
	kindOfUrl,
	leadingFit,
	MEDIA_RULES,
	resolveMediaLimits,
	spreadMedia,
} from '../../../../nodes/SocialPublishing/helpers/mediaRules';

const limits = resolveMediaLimits(true, {});
const images = (count: number): MediaKind[] => Array.from({ length: count }, () => 'image');

describe('media rules per platform (helpers/mediaRules.ts)', () => {
	test('the defaults: X, Bluesky and Mastodon 4, Threads and LinkedIn 20, Substack unchecked', () => {
		expect(limits).toEqual({ x: 4, bluesky: 4, mastodon: 4, threads: 20, linkedin: 20 });
		expect(MEDIA_RULES.substack.max).toBeUndefined();
	});

	test('an override replaces a default, 0 turns one platform off, the check off turns all off', () => {
		expect(resolveMediaLimits(true, { mastodon: 6, x: 0, substack: 3 })).toEqual({
			bluesky: 4,
			mastodon: 6,
			threads: 20,
			linkedin: 20,
			substack: 3,
		});
		expect(resolveMediaLimits(false, { mastodon: 6 })).toEqual({});
	});

	test('X: up to 4 images, or one video or GIF alone; no PDF', () => {
		expect(fitsOnePost('x', images(4), 4)).toBe(true);
		expect(fitsOnePost('x', images(5), 4)).toBe(false);
		expect(fitsOnePost('x', ['video'], 4)).toBe(true);
		expect(fitsOnePost('x', ['gif'], 4)).toBe(true);
		expect(fitsOnePost('x', ['image', 'video'], 4)).toBe(false);
		expect(fitsOnePost('x', ['gif', 'gif'], 4)).toBe(false);
		expect(fitsOnePost('x', ['document'], 4)).toBe(false);
	});

	test('Bluesky takes a GIF as an image but a video alone; Threads mixes up to 20; LinkedIn a PDF alone', () => {
		expect(fitsOnePost('bluesky', ['gif', 'image', 'image'], 4)).toBe(true);
		expect(fitsOnePost('bluesky', ['video', 'video'], 4)).toBe(false);
		expect(fitsOnePost('threads', [...images(10), 'video', ...images(9)], 20)).toBe(true);
		expect(fitsOnePost('threads', images(21), 20)).toBe(false);
		expect(fitsOnePost('threads', ['document'], 20)).toBe(false);
		expect(fitsOnePost('linkedin', ['document'], 20)).toBe(true);
		expect(fitsOnePost('linkedin', ['document', 'image'], 20)).toBe(false);
		expect(fitsOnePost('mastodon', ['image', 'video'], 4)).toBe(false);
	});

	test('a media ID of unknown kind counts as one medium and never as a video', () => {
		expect(fitsOnePost('x', ['unknown', 'unknown', 'image', 'unknown'], 4)).toBe(true);
		expect(fitsOnePost('x', ['unknown', 'video'], 4)).toBe(false);
		expect(fitsOnePost('x', ['unknown', 'unknown', 'unknown', 'unknown', 'unknown'], 4)).toBe(
			false,
		);
	});

	test('refusals name the platform, the post, what was given and what the platform takes', () => {
		expect(checkPostMedia('x', 0, images(5), limits)?.message).toBe(
			'X post 1 has 5 images; X takes at most 4 images, or 1 video or GIF',
		);
		expect(checkPostMedia('bluesky', 2, ['video', 'video'], limits)?.message).toBe(
			'Bluesky post 3 has 2 videos; Bluesky takes at most 4 images, or 1 video',
		);
		expect(checkPostMedia('x', 0, ['document'], limits)?.message).toBe(
			'X post 1 has 1 PDF; X takes no documents (PDF); X takes at most 4 images, or 1 video or GIF',
		);
		expect(checkPostMedia('mastodon', 0, images(6), { mastodon: 5 })?.message).toBe(
			'Mastodon post 1 has 6 images; Mastodon takes at most 5 images, or 1 video',
		);
		expect(checkPostMedia('x', 0, images(4), limits)).toBeUndefined();
		expect(checkPostMedia('substack', 0, images(30), limits)).toBeUndefined();
	});

	test('describeKinds lists every kind given', () => {
		expect(describeKinds(['image', 'video', 'image', 'unknown'])).toBe(
			'2 images, 1 video and 1 medium given by ID',
		);
		expect(describeKinds(['gif'])).toBe('1 GIF');
	});

	test('kinds from MIME types, file names and URL paths', () => {
		expect(kindOfMime('image/png')).toBe('image');
		expect(kindOfMime('image/gif')).toBe('gif');
		expect(kindOfMime('video/quicktime; codecs=x')).toBe('video');
		expect(kindOfMime('application/pdf')).toBe('document');
		expect(kindOfMime('application/octet-stream')).toBe('unknown');
		expect(kindOfFileName('Clip.MOV')).toBe('video');
		expect(kindOfFileName('notes')).toBe('unknown');
		expect(kindOfUrl('https://example.com/a/deck.pdf?token=1')).toBe('document');
		expect(kindOfUrl('https://example.com/image?id=3')).toBe('unknown');
		expect(kindOfUrl('not a url')).toBe('unknown');
	});

	test('findMediaProblems lists every post a platform cannot take, with the kinds given', () => {
		const kinds: Record<string, MediaKind> = { a: 'image', v: 'video' };
		const platforms = {
			x: { posts: [{ media_ids: ['a', 'a', 'a', 'a', 'a'] }, { media_ids: ['a'] }] },
			bluesky: { posts: [{ text: 'no media' }, { media_ids: ['v', 'v'] }] },
			substack: { posts: [{ media_ids: ['a', 'a', 'a', 'a', 'a', 'a'] }] },
		};
		const problems = findMediaProblems(platforms, limits, (value) => kinds[String(value)]);
		expect(problems.map((p) => [p.platform, p.postIndex])).toEqual([
			['x', 0],
			['bluesky', 1],
		]);
	});

	test('leadingFit keeps what fits from the first medium, at least one', () => {
		expect(leadingFit('x', images(5), 4)).toBe(4);
		expect(leadingFit('x', ['image', 'image', 'video', 'image'], 4)).toBe(2);
		expect(leadingFit('x', ['video', 'image'], 4)).toBe(1);
		expect(leadingFit('x', ['document', 'image'], 4)).toBe(1);
		expect(leadingFit('x', [], 4)).toBe(0);
	});

	test('spreadMedia moves the rest to the next posts in order, adding posts with empty text', () => {
		const posts = [
			{ text: 'one', media: ['i1', 'i2', 'i3', 'i4', 'i5', 'i6'] },
			{ text: 'two', media: ['i7', 'i8', 'i9'] },
		];
		const spread = spreadMedia('x', posts, 4, () => 'image');
		expect(spread).toEqual([
			{ text: 'one', media: ['i1', 'i2', 'i3', 'i4'], added: false },
			{ text: 'two', media: ['i5', 'i6', 'i7', 'i8'], added: false },
			{ text: '', media: ['i9'], added: true },
		]);
		expect(posts[0].media).toHaveLength(6);
	});

	test('spreadMedia puts a video on a post of its own on X', () => {
		const kinds: Record<string, MediaKind> = { v: 'video' };
		const spread = spreadMedia(
			'x',
			[{ text: 'a', media: ['i1', 'v', 'i2'] }],
			4,
			(m) => kinds[m] ?? 'image',
		);
		expect(spread.map((post) => post.media)).toEqual([['i1'], ['v'], ['i2']]);
	});
});
