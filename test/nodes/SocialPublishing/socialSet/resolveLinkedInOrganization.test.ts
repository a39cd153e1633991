import { useSandbox } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';

const fx = useSandbox();

const resolve = (organizationUrl: string, id: number = 101) => ({
	resource: 'socialSet',
	operation: 'resolveLinkedInOrganization',
	socialSetId: byId(id),
	organizationUrl,
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
