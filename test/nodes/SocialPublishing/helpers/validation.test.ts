import {
	checkMediaIds,
	checkPlatformsChosen,
	checkPlatformsObject,
	checkTags,
	checkTitle,
	parsePlatformsJson,
	toList,
} from '../../../../nodes/SocialPublishing/helpers/validation';

const post = (text: string) => ({ text });

describe('draft limits (Limits, Platform configuration)', () => {
	test('tags: 10 pass, 11 fail', () => {
		expect(checkTags(Array.from({ length: 10 }, (_, n) => `t${n}`))).toBeUndefined();
		expect(checkTags(Array.from({ length: 11 }, (_, n) => `t${n}`))).toMatch(/11 tags/);
	});

	test('title: 512 characters pass (counted as characters), 513 fail', () => {
		expect(checkTitle('🎉'.repeat(512))).toBeUndefined();
		expect(checkTitle('a'.repeat(513))).toMatch(/513 characters/);
	});

	test('chosen platforms: known ones, at least one; unknown ones are named', () => {
		expect(checkPlatformsChosen(['x', 'bluesky'])).toBeUndefined();
		expect(checkPlatformsChosen([])).toBe('must name at least one platform');
		expect(checkPlatformsChosen(['x', 'myspace', 'x_article'])).toBe(
			'has unknown platforms: myspace, x_article',
		);
	});

	test('media IDs must be UUIDs', () => {
		expect(checkMediaIds(['3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57'])).toBeUndefined();
		expect(checkMediaIds(['nope'])).toMatch(/"nope"/);
	});

	test('platforms object: at least one enabled, LinkedIn one post, X Article alone, known keys, UUID media', () => {
		expect(
			checkPlatformsObject({ x: { enabled: true, posts: [post('a')] } }, true),
		).toBeUndefined();
		expect(checkPlatformsObject({}, false)).toMatch(/at least one platform/);
		expect(checkPlatformsObject({ x: { enabled: false, posts: [post('a')] } }, true)).toMatch(
			/enable at least one/,
		);
		expect(
			checkPlatformsObject({ x: { enabled: false, posts: [post('a')] } }, false),
		).toBeUndefined();
		expect(
			checkPlatformsObject({ linkedin: { enabled: true, posts: [post('a'), post('b')] } }, true),
		).toMatch(/one post only/);
		expect(
			checkPlatformsObject(
				{ x_article: { enabled: true, content_markdown: 'a' }, x: { enabled: true, posts: [] } },
				true,
			),
		).toMatch(/stands alone/);
		expect(checkPlatformsObject({ myspace: { enabled: true } }, true)).toMatch(
			/unknown platform keys: myspace/,
		);
		expect(
			checkPlatformsObject(
				{ x: { enabled: true, posts: [{ text: 'a', media_ids: ['bad'] }] } },
				true,
			),
		).toMatch(/"bad"/);
		expect(
			checkPlatformsObject(
				{ x_article: { enabled: true, content_markdown: 'a', cover_media_id: 'bad' } },
				true,
			),
		).toMatch(/"bad"/);
	});

	test('an x_article object counts as enabled by its presence (Platform configuration: x_article object has no enabled field)', () => {
		expect(
			checkPlatformsObject({ x_article: { content_markdown: 'a', cover_media_id: null } }, true),
		).toBeUndefined();
		expect(
			checkPlatformsObject({ x_article: { enabled: false, content_markdown: 'a' } }, true),
		).toMatch(/enable at least one/);
	});

	test('raw platforms JSON must parse to an object', () => {
		expect(parsePlatformsJson('{"x": {"enabled": true}}')).toEqual({
			platforms: { x: { enabled: true } },
		});
		expect(parsePlatformsJson({ x: {} })).toEqual({ platforms: { x: {} } });
		expect(parsePlatformsJson('[]')).toEqual({ problem: expect.stringMatching(/an array/) });
		expect(parsePlatformsJson('null')).toEqual({ problem: expect.stringMatching(/null/) });
		expect(parsePlatformsJson('{oops')).toEqual({
			problem: expect.stringMatching(/not valid JSON/),
		});
	});
});

describe('toList', () => {
	test('toList reads comma-separated strings and arrays from expressions', () => {
		expect(toList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
		expect(toList(['x', ' y '])).toEqual(['x', 'y']);
		expect(toList(undefined)).toEqual([]);
	});
});
