import { DateTime } from 'luxon';
import { call, useSandbox, waitFor } from './helpers';

/** Analytics post (draft_id): an X post published through the service names its draft. */
describe('sandbox: X analytics of drafts published through the service', () => {
	const sb = useSandbox();
	afterEach(async () => sb().reset());

	const today = () => DateTime.fromJSDate(sb().clock.now(), { zone: 'Europe/Berlin' }).toISODate();
	const postsOfToday = async () => {
		const res = await call(
			sb(),
			'read',
			'GET',
			`/v2/social-sets/101/analytics/x/posts?start_date=${today()}&end_date=${today()}&limit=100`,
		);
		expect(res.status).toBe(200);
		return res.body.results as Array<Record<string, any>>;
	};
	const publishNow = async (platforms: Record<string, unknown>) => {
		const created = await call(sb(), 'publish', 'POST', '/v2/social-sets/101/drafts', {
			platforms,
			publish_at: 'now',
		});
		expect(created.status).toBe(201);
		return waitFor(async () => {
			const read = await call(sb(), 'read', 'GET', `/v2/social-sets/101/drafts/${created.body.id}`);
			return read.body.publish_state === 'finished' ? read.body : undefined;
		});
	};
	const x = (text: string) => ({ enabled: true, posts: [{ text }] });

	it('a draft published to X adds one X post naming the draft, with its URL, time, text and metrics', async () => {
		const seeded = await postsOfToday();
		expect(seeded.every((p) => p.draft_id === null)).toBe(true);
		const draft = await publishNow({
			x: x('Evergreen: write the headline last.'),
			linkedin: x('Evergreen: write the headline last.'),
		});
		expect(draft.status).toBe('published');
		const mine = (await postsOfToday()).filter((p) => p.draft_id !== null);
		expect(mine).toHaveLength(1);
		const [post] = mine;
		const { total, likes, comments, shares, quotes, profile_clicks } = post.metrics.engagement;
		expect(post).toMatchObject({
			platform: 'x',
			draft_id: draft.id,
			url: draft.x_published_url,
			post_id: draft.x_published_url.split('/').pop(),
			preview_text: 'Evergreen: write the headline last.',
		});
		expect(Date.parse(post.created_at)).toBe(Date.parse(draft.published_at));
		expect(post.metrics.impressions).toBeGreaterThan(0);
		expect(total).toBe(likes + comments + shares + quotes + profile_clicks);
		expect(post).not.toHaveProperty('is_reply');
	});

	it('the same draft id gets the same metrics after a reset; another draft other metrics', async () => {
		const metricsOf = async (text: string) => {
			const draft = await publishNow({ x: x(text) });
			return (await postsOfToday()).find((p) => p.draft_id === draft.id)!.metrics;
		};
		const first = await metricsOf('One');
		const second = await metricsOf('Two');
		await sb().reset();
		expect(await metricsOf('One again')).toEqual(first);
		expect(second).not.toEqual(first);
	});

	it('an X post that fails to publish, and a draft without X, add no analytics post', async () => {
		const failed = await publishNow({ x: x('This one #fail'), linkedin: x('LinkedIn is fine') });
		expect(failed.status).toBe('error');
		const linkedinOnly = await publishNow({ linkedin: x('Only on LinkedIn') });
		expect(linkedinOnly.status).toBe('published');
		expect((await postsOfToday()).filter((p) => p.draft_id !== null)).toEqual([]);
	});
});
