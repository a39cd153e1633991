import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { expectRejectedBeforeSending, expectServiceError, runFresh } from '../helpers/nodeRun';

const fx = useSandbox();
const get = (id: string | number) => ({
	resource: 'socialSet',
	operation: 'get',
	socialSetId: byId(id),
});
const getMany = (extra: Record<string, unknown>) => ({
	resource: 'socialSet',
	operation: 'getMany',
	...extra,
});
const resolve = (organizationUrl: string, id: number = 101) => ({
	resource: 'socialSet',
	operation: 'resolveLinkedInOrganization',
	socialSetId: byId(id),
	organizationUrl,
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

describe('Social Set > Get Many (Users and social sets: GET /v2/social-sets; page size max 50)', () => {
	test('Return All asks for pages of 50 and returns every visible set', async () => {
		const { result, requests, items } = await runFresh(fx, getMany({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets',
				query: { limit: ['50'], offset: ['0'] },
			}),
		]);
		expect(items.map((set) => set.id)).toEqual([101, 102]);
		expect(items[0]).toEqual({
			id: 101,
			name: 'Acme Personal',
			username: 'acme',
			profile_image_url: expect.any(String),
			team: null,
		});
	});

	test('Limit 7 sends one request with limit=7', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 7 }));
		expect(requests).toEqual([expect.objectContaining({ query: { limit: ['7'], offset: ['0'] } })]);
		expect(items).toHaveLength(2);
	});

	test('Limit 1 returns one set', async () => {
		const { requests, items } = await runFresh(fx, getMany({ returnAll: false, limit: 1 }));
		expect(requests).toHaveLength(1);
		expect(requests[0].query.limit).toEqual(['1']);
		expect(items.map((set) => set.id)).toEqual([101]);
	});

	test('the outsider sees only its own set', async () => {
		const { items } = await runFresh(fx, getMany({ returnAll: true }), { key: 'outsider' });
		expect(items.map((set) => set.id)).toEqual([103]);
	});

	test('a Limit of 0 is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, getMany({ returnAll: false, limit: 0 }), {
			parameter: 'Limit',
		});
	});
});

describe('Social Set > Resolve LinkedIn Organization (GET .../linkedin/organizations/resolve)', () => {
	test('sends the URL as organization_url and returns the organization with its mention text', async () => {
		const url = 'https://www.linkedin.com/company/acme-robotics/';
		const { result, requests, items } = await runFresh(fx, resolve(url), { key: 'read' });
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/linkedin/organizations/resolve',
				query: { organization_url: [url] },
			}),
		]);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			id: expect.stringMatching(/^\d+$/),
			urn: `urn:li:organization:${items[0].id}`,
			mention_text: `@[Acme Robotics](urn:li:organization:${items[0].id})`,
			vanity_name: 'acme-robotics',
		});
	});

	test('a school URL without a scheme is sent with https://', async () => {
		const { result, requests } = await runFresh(
			fx,
			resolve('  linkedin.com/school/acme-university  '),
		);
		expect(result.error).toBeUndefined();
		expect(requests[0].query.organization_url).toEqual([
			'https://linkedin.com/school/acme-university',
		]);
	});

	test.each([
		['a person profile', 'https://www.linkedin.com/in/ada-admin/'],
		['another site', 'https://example.com/company/acme/'],
		['a company URL with no name', 'https://www.linkedin.com/company/'],
		['an empty value', '={{ "" }}'],
	])('%s is refused before sending', async (_label, url) => {
		await expectRejectedBeforeSending(fx, resolve(url), {
			parameter: 'Organization URL',
			problem: /LinkedIn company or school page/,
		});
	});

	test('the item index of a refused URL is named (second item)', async () => {
		const parameters = resolve('={{ $json.url }}');
		await expectRejectedBeforeSending(
			fx,
			parameters,
			{ parameter: 'Organization URL', itemIndex: 1, sentBefore: 1 },
			{
				input: [
					{ json: { url: 'https://www.linkedin.com/company/acme/' } },
					{ json: { url: 'https://www.linkedin.com/in/x' } },
				],
			},
		);
	});

	test('503 SERVICE_UNAVAILABLE surfaces with the service message after the transport retries (Errors)', async () => {
		const { result, requests } = await runFresh(
			fx,
			resolve('https://www.linkedin.com/company/sandbox-unavailable/'),
		);
		expectServiceError(result, {
			httpCode: 503,
			code: 'SERVICE_UNAVAILABLE',
			message: /LinkedIn is temporarily unavailable/,
		});
		expect(requests.length).toBeGreaterThan(1);
		expect(
			requests.every(
				(request) =>
					request.status === 503 && request.path.endsWith('/linkedin/organizations/resolve'),
			),
		).toBe(true);
	});

	test('403 FORBIDDEN on the invisible social set', async () => {
		const { result } = await runFresh(fx, resolve('https://www.linkedin.com/company/acme/', 103));
		expectServiceError(result, { httpCode: 403, code: 'FORBIDDEN' });
	});
});
