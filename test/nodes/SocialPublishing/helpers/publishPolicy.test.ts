import {
	hasUrl,
	publishPolicyProblem,
} from '../../../../nodes/SocialPublishing/helpers/publishPolicy';

// Rules on platform content 5: "Reply drafts can be created, but publishing or scheduling replies through the API is
// blocked (403 FORBIDDEN). Direct publishing of `x` drafts containing URLs is also blocked (403 FORBIDDEN)."
const x = (texts: string[], settings: Record<string, unknown> = {}, enabled = true) => ({
	x: { enabled, posts: texts.map((text) => ({ text })), settings },
});

describe('Rules on platform content 5, checked before sending', () => {
	test('URLs as X links them: http(s):// and www.', () => {
		expect(hasUrl('see https://example.com')).toBe(true);
		expect(hasUrl('see http://a.b')).toBe(true);
		expect(hasUrl('see www.example.org')).toBe(true);
		expect(hasUrl('no link, just a dot. Next sentence')).toBe(false);
		expect(hasUrl('https:// alone')).toBe(false);
	});

	test('a URL in an X post blocks publishing now, names the post, and does not block scheduling', () => {
		const platforms = x(['plain', 'go to https://example.com']);
		expect(publishPolicyProblem(platforms, 'publishNow')?.problem).toMatch(
			/^X post 2 contains a URL/,
		);
		expect(publishPolicyProblem(platforms, 'publishNow')?.instead).toMatch(/^Schedule it instead/);
		expect(publishPolicyProblem(platforms, 'schedule')).toBeUndefined();
	});

	test('a reply blocks both publishing now and scheduling', () => {
		const platforms = x(['agreed'], { reply_to_url: 'https://x.com/a/status/1' });
		for (const kind of ['publishNow', 'schedule'] as const) {
			expect(publishPolicyProblem(platforms, kind)?.problem).toMatch(
				/^it is an X reply \(reply to https:\/\/x\.com\/a\/status\/1\)/,
			);
		}
		expect(publishPolicyProblem(x(['agreed'], { reply_to_url: '  ' }), 'schedule')).toBeUndefined();
	});

	test('only an enabled X counts: other platforms and a disabled X are not blocked', () => {
		expect(
			publishPolicyProblem(
				x(['https://example.com'], { reply_to_url: 'https://x.com/a/status/1' }, false),
				'publishNow',
			),
		).toBeUndefined();
		expect(
			publishPolicyProblem(
				{ mastodon: { enabled: true, posts: [{ text: 'https://example.com' }] } },
				'publishNow',
			),
		).toBeUndefined();
		expect(publishPolicyProblem({}, 'publishNow')).toBeUndefined();
	});
});
