import {
	validateFileName,
	bareContentType,
	checkMediaUrl,
	dispositionFileName,
	displayUrl,
	MAX_MEDIA_URL_LENGTH,
	mediaFileName,
	safeFileName,
	servedTypeProblem,
	urlFileName,
} from '../../../../nodes/SocialPublishing/helpers/mediaFiles';

describe('checkMediaUrl: an absolute http(s) URL', () => {
	test.each([
		['https://example.com/a.png', 'https://example.com/a.png'],
		['  http://example.com/a b.png  ', 'http://example.com/a%20b.png'],
		['https://cdn.example.com/x?sig=1#top', 'https://cdn.example.com/x?sig=1#top'],
	])('%s is accepted', (raw, url) => {
		expect(checkMediaUrl(raw)).toEqual({ url });
	});

	test.each([
		['', /is empty/],
		[undefined, /is empty/],
		['example.com/a.png', /is not a valid URL/],
		['/relative/a.png', /is not a valid URL/],
		['ftp://example.com/a.png', /must be an http or https URL, got "ftp:"/],
		['file:///etc/passwd', /got "file:" in "file:\/\/\/etc\/passwd"/],
		['data:image/png;base64,AAAA', /got "data:"/],
	])('%s is refused', (raw, problem) => {
		const checked = checkMediaUrl(raw);
		expect('problem' in checked && checked.problem).toMatch(problem);
	});
});

describe('checkMediaUrl: the length of a URL is bounded before it is parsed', () => {
	const url = (length: number) => {
		const head = 'https://example.com/';
		return head + 'a'.repeat(length - head.length);
	};

	test('a URL of exactly the longest length is accepted', () => {
		expect(checkMediaUrl(url(MAX_MEDIA_URL_LENGTH))).toEqual({ url: url(MAX_MEDIA_URL_LENGTH) });
	});

	test.each([MAX_MEDIA_URL_LENGTH + 1, 1_000_000])(
		'a URL of %d characters is refused naming its length and the bound, without echoing it',
		(length) => {
			const checked = checkMediaUrl(url(length));
			expect('problem' in checked && checked.problem).toBe(
				`is ${length.toLocaleString('en-US')} characters long; a Media URL takes at most 8,192`,
			);
		},
	);

	test('displayUrl and urlFileName do not parse a text longer than the bound', () => {
		const long = `${url(MAX_MEDIA_URL_LENGTH + 10)}?token=secret`;
		expect(displayUrl(long)).toBe(url(MAX_MEDIA_URL_LENGTH + 10));
		expect(urlFileName(long)).toBeUndefined();
	});
});

test('displayUrl leaves out the query string and fragment, which may carry access tokens', () => {
	expect(displayUrl('https://bucket.example.com/a/b.png?X-Signature=secret#frag')).toBe(
		'https://bucket.example.com/a/b.png',
	);
	expect(displayUrl('not a url?token=secret')).toBe('not a url');
});

test('bareContentType drops parameters and case', () => {
	expect(bareContentType('Image/PNG; charset=binary')).toBe('image/png');
	expect(bareContentType(undefined)).toBeUndefined();
	expect(bareContentType('  ')).toBeUndefined();
});

describe('dispositionFileName (Content-Disposition, RFC 6266)', () => {
	test.each([
		['attachment; filename="Q3 Report.pdf"', 'Q3 Report.pdf'],
		['attachment; filename=plain.png', 'plain.png'],
		['inline; filename="say \\"hi\\".gif"', 'say "hi".gif'],
		[
			`attachment; filename="fallback.jpg"; filename*=UTF-8''%C3%A9t%C3%A9%20photo.jpg`,
			'été photo.jpg',
		],
		[`attachment; filename*=iso-8859-1'en'caf%E9.png`, 'café.png'],
		['attachment', undefined],
		[undefined, undefined],
	])('%s → %s', (header, name) => {
		expect(dispositionFileName(header)).toBe(name);
	});
});

test('urlFileName is the decoded last path segment', () => {
	expect(urlFileName('https://example.com/a/My%20Photo.JPG?x=1')).toBe('My Photo.JPG');
	expect(urlFileName('https://example.com/')).toBeUndefined();
});

describe('safeFileName: a name the service accepts (Media endpoint: file_name pattern, max 255)', () => {
	test('spaces and other characters become single hyphens; accents are dropped', () => {
		expect(safeFileName('Ünïcode & spaces  here', 'png')).toBe('Unicode-spaces-here.png');
		expect(safeFileName('(draft) v1.2', 'pdf')).toBe('(draft)-v1.2.pdf');
	});

	test('an empty or all-symbol stem becomes "media"', () => {
		expect(safeFileName('', 'jpg')).toBe('media.jpg');
		expect(safeFileName('日本語', 'jpg')).toBe('media.jpg');
	});

	test('a long stem is cut so the name is 255 characters at most and keeps its extension', () => {
		const name = safeFileName('a'.repeat(400), 'webp');
		expect(name).toHaveLength(255);
		expect(name.endsWith('.webp')).toBe(true);
		expect(validateFileName(name)).toBeUndefined();
	});
});

describe('mediaFileName: name and format from the answer (Media: supported formats)', () => {
	const url = 'https://files.example.com';
	test.each([
		[
			'the URL path',
			{ url: `${url}/img/launch-banner.png`, contentType: 'image/png' },
			'launch-banner.png',
		],
		[
			'the URL path with a generic type (extension in lower case)',
			{ url: `${url}/docs/deck.PDF`, contentType: 'application/octet-stream' },
			'deck.pdf',
		],
		['the URL path and no type', { url: `${url}/clips/teaser.mov` }, 'teaser.mov'],
		[
			'Content-Disposition over the URL',
			{
				url: `${url}/download?id=4`,
				contentType: 'application/pdf',
				contentDisposition: 'attachment; filename="Report 2026.pdf"',
			},
			'Report-2026.pdf',
		],
		[
			'Content-Type when the path has no extension',
			{ url: `${url}/media/12345`, contentType: 'image/jpeg' },
			'12345.jpg',
		],
		[
			'Content-Type replacing a script extension',
			{ url: `${url}/get.php`, contentType: 'image/gif' },
			'get.gif',
		],
		[
			'Content-Type over a different media extension',
			{ url: `${url}/photo.jpg`, contentType: 'image/webp' },
			'photo.webp',
		],
		[
			'jpeg and jpg as one format',
			{ url: `${url}/photo.jpeg`, contentType: 'image/jpeg' },
			'photo.jpeg',
		],
		['QuickTime', { url: `${url}/v`, contentType: 'video/quicktime' }, 'v.mov'],
		['a bare host', { url: `${url}/`, contentType: 'image/png' }, 'media.png'],
	])('from %s', (_from, facts, fileName) => {
		expect(mediaFileName(facts)).toEqual({ fileName });
	});

	test.each([
		[
			'an HTML page',
			{ url: `${url}/photo.jpg`, contentType: 'text/html; charset=utf-8' },
			/serves "text\/html", which is not a supported media type/,
		],
		[
			'JSON',
			{ url: `${url}/a.png`, contentType: 'application/json' },
			/serves "application\/json"/,
		],
		[
			'an SVG image',
			{ url: `${url}/logo.svg`, contentType: 'image/svg+xml' },
			/serves "image\/svg\+xml"/,
		],
		[
			'an unsupported extension with a generic type',
			{ url: `${url}/a.zip`, contentType: 'application/octet-stream' },
			/gives the file name "a.zip" and the type "application\/octet-stream"/,
		],
		[
			'no extension and no type',
			{ url: `${url}/download` },
			/gives the file name "download" and no Content-Type/,
		],
	])('refuses %s', (_what, facts, problem) => {
		const named = mediaFileName(facts);
		expect('problem' in named && named.problem).toMatch(problem);
	});

	test("every name it gives passes the service's file name rule", () => {
		const names = ['a b c.png', '..hidden.png', 'x'.repeat(300) + '.gif', 'ok_(1).mp4', 'ü.pdf'];
		for (const name of names) {
			const named = mediaFileName({ url: `${url}/${encodeURIComponent(name)}` });
			expect('fileName' in named && validateFileName(named.fileName)).toBeUndefined();
		}
	});
});

test('servedTypeProblem accepts supported, generic and missing types', () => {
	expect(servedTypeProblem('video/mp4')).toBeUndefined();
	expect(servedTypeProblem('binary/octet-stream')).toBeUndefined();
	expect(servedTypeProblem(undefined)).toBeUndefined();
	expect(servedTypeProblem('text/plain')).toMatch(/"text\/plain"/);
});
