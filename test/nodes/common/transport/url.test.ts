import {
	buildQueryString,
	buildUrl,
	normalizeBaseUrl,
	routeTemplate,
} from '../../../../nodes/common/transport/url';

describe('base URL joining (Credential: Base URL)', () => {
	test.each([
		['https://host', 'https://host'],
		['https://host/', 'https://host'],
		['https://host/v2', 'https://host'],
		['https://host/v2/', 'https://host'],
		['  https://host//  ', 'https://host'],
		['https://host/prefix/v2', 'https://host/prefix'],
	])('%s -> %s', (input, expected) => {
		expect(normalizeBaseUrl(input)).toBe(expected);
	});

	test('paths are joined with one slash and /v2 is never doubled', () => {
		expect(buildUrl('https://host/v2/', '/v2/me')).toBe('https://host/v2/me');
		expect(buildUrl('https://host', 'v2/me')).toBe('https://host/v2/me');
	});
});

describe('query strings', () => {
	test('arrays become repeated keys, nulls are left out', () => {
		expect(
			buildQueryString({
				tag: ['a', 'b c'],
				status: 'draft',
				offset: 0,
				missing: undefined,
				nothing: null,
			}),
		).toBe('?tag=a&tag=b+c&status=draft&offset=0');
	});

	test('an empty query gives no question mark', () => {
		expect(buildQueryString({})).toBe('');
		expect(buildQueryString(undefined)).toBe('');
	});
});

test('route templates hide numeric and UUID ids so one operation maps to one bucket', () => {
	expect(routeTemplate('post', '/v2/social-sets/101/drafts')).toBe(
		'POST /v2/social-sets/{}/drafts',
	);
	expect(routeTemplate('GET', '/v2/social-sets/7/media/0b7f2b7e-6c1d-4c1e-9d3c-1a2b3c4d5e6f')).toBe(
		'GET /v2/social-sets/{}/media/{}',
	);
	// ids side by side and at the end; a segment that only starts with digits is a name
	expect(routeTemplate('delete', '/v2/social-sets/7/drafts/12/comments/3/')).toBe(
		'DELETE /v2/social-sets/{}/drafts/{}/comments/{}/',
	);
	expect(
		routeTemplate('GET', '/v2/social-sets/7/12abc/0b7f2b7e-6c1d-4c1e-9d3c-1a2b3c4d5e6fx'),
	).toBe('GET /v2/social-sets/{}/12abc/0b7f2b7e-6c1d-4c1e-9d3c-1a2b3c4d5e6fx');
});
