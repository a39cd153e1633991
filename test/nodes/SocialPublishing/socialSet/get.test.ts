import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';

const fx = useSandbox();

const get = (id: string | number) => ({
	resource: 'socialSet',
	operation: 'get',
	socialSetId: byId(id),
});

const PLATFORMS = ['bluesky', 'linkedin', 'mastodon', 'substack', 'threads', 'x'];

describe('Social Set > Get (Social set detail)', () => {
	test('GET /v2/social-sets/101/ gives the detail with all six platform keys and the publishing quota', async () => {
		const { result, requests, items } = await runFresh(fx, get(101), { key: 'read' });
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/',
				query: {},
				status: 200,
			}),
		]);
		expect(items).toHaveLength(1);
		const [set] = items;
		expect(set).toMatchObject({ id: 101, name: 'Acme Personal', username: 'acme', team: null });
		expect(Object.keys(set.platforms as object).sort()).toEqual(PLATFORMS);
		expect(set.platforms).toMatchObject({
			x: { platform: 'x', username: 'acme' },
			mastodon: {
				platform: 'mastodon',
				followers_count: expect.any(Number),
				server: expect.any(String),
			},
		});
		expect(set.publishing_quota).toEqual({
			used: expect.any(Number),
			remaining: expect.any(Number),
			resets_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
		});
	});

	test('a team-owned set carries its team', async () => {
		const { items } = await runFresh(fx, get(102));
		expect(items[0]).toMatchObject({ id: 102, team: { id: 'team_acme', name: 'Acme Inc.' } });
	});

	test('403 FORBIDDEN on a social set the key cannot see (Authentication 4)', async () => {
		const { result, requests } = await runFresh(fx, get(103));
		expectServiceError(result, {
			httpCode: 403,
			code: 'FORBIDDEN',
			message: /access to this social set/,
		});
		expect(requests).toEqual([
			expect.objectContaining({ path: '/v2/social-sets/103/', status: 403 }),
		]);
	});

	test('404 NOT_FOUND on an unknown social set', async () => {
		const { result } = await runFresh(fx, get(999));
		expectServiceError(result, {
			httpCode: 404,
			code: 'NOT_FOUND',
			message: /Social set not found/,
		});
	});

	test('with Continue On Fail the error becomes an item with code and HTTP status, paired to its input', async () => {
		const { result, items } = await runFresh(fx, get(103), { settings: { continueOnFail: true } });
		expect(result.error).toBeUndefined();
		expect(items).toEqual([
			{
				error: expect.objectContaining({
					code: 'FORBIDDEN',
					httpCode: '403',
					message: expect.stringContaining('FORBIDDEN'),
				}),
			},
		]);
		expect(result.output('Social Publishing')[0].pairedItem).toEqual({ item: 0 });
	});

	test('a social set ID that is not a whole number is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, get('={{ "acme" }}'), {
			parameter: 'Social Set',
			problem: /whole number/,
		});
	});
});
