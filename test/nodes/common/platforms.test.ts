import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import type { PlatformEntry } from '../../../nodes/common/platforms';
import { POST_PLATFORMS as SANDBOX_PLATFORMS } from '../../../sandbox/domain/platforms';

/**
 * The platform table (nodes/common/platforms.ts) against every platform list of the node: each list in the node's
 * description and in the helpers is made again here from the table and compared, so a platform missing from one
 * list (or a list written by hand) fails. A platform added to the table shows up in every list.
 */

// The modules are loaded with require(), from the module registry in force (a fresh one inside jest.isolateModules).
/* eslint-disable @typescript-eslint/no-require-imports */
const PATHS = {
	platforms: '../../../nodes/common/platforms',
	platformLists: '../../../nodes/common/platformLists',
	node: '../../../nodes/SocialPublishing/SocialPublishing.node',
	textLength: '../../../nodes/SocialPublishing/helpers/text/textLength',
	mediaRules: '../../../nodes/SocialPublishing/helpers/mediaRules',
	merge: '../../../nodes/SocialPublishing/helpers/merge',
	validation: '../../../nodes/SocialPublishing/helpers/validation',
	build: '../../../nodes/SocialPublishing/actions/draft/content/posts/build',
	pollOutput: '../../../nodes/SocialPublishingPollTrigger/output',
} as const;

/** The node's modules, loaded from the module registry in force (a fresh one inside `jest.isolateModules`). */
function load() {
	return {
		platforms: require(PATHS.platforms) as typeof import('../../../nodes/common/platforms'),
		platformLists: require(
			PATHS.platformLists,
		) as typeof import('../../../nodes/common/platformLists'),
		node: require(
			PATHS.node,
		) as typeof import('../../../nodes/SocialPublishing/SocialPublishing.node'),
		textLength: require(
			PATHS.textLength,
		) as typeof import('../../../nodes/SocialPublishing/helpers/text/textLength'),
		mediaRules: require(
			PATHS.mediaRules,
		) as typeof import('../../../nodes/SocialPublishing/helpers/mediaRules'),
		merge: require(PATHS.merge) as typeof import('../../../nodes/SocialPublishing/helpers/merge'),
		validation: require(
			PATHS.validation,
		) as typeof import('../../../nodes/SocialPublishing/helpers/validation'),
		build: require(
			PATHS.build,
		) as typeof import('../../../nodes/SocialPublishing/actions/draft/content/posts/build'),
		pollOutput: require(
			PATHS.pollOutput,
		) as typeof import('../../../nodes/SocialPublishingPollTrigger/output'),
	};
}
type Modules = ReturnType<typeof load>;

/** The table as the test reads it: every key with its entry, in the table's order. */
function table(m: Modules): Array<[string, PlatformEntry]> {
	return Object.entries(m.platforms.PLATFORMS as Record<string, PlatformEntry>);
}

type Entry = INodeProperties | INodePropertyCollection;

/** Every parameter, collection option and fixed-collection value, with the parameter names leading to it. */
function walk(list: Entry[], path: string[] = []): Array<{ entry: Entry; path: string }> {
	return list.flatMap((entry) => {
		const here = [...path, entry.name];
		const nested = ((entry as INodeProperties).options ??
			(entry as INodePropertyCollection).values ??
			[]) as Array<Entry | INodePropertyOptions>;
		const children = nested.filter((child): child is Entry => 'displayName' in child);
		return [{ entry, path: here.join('.') }, ...walk(children, here)];
	});
}

/** The option lists of a description that offer a post platform: the platform pickers, found by what they offer. */
function platformPickers(m: Modules, properties: INodeProperties[]) {
	const keys = new Set(table(m).map(([key]) => key));
	return walk(properties).flatMap(({ entry, path }) => {
		const options = (entry as INodeProperties).options;
		if (!Array.isArray(options) || !options.every((option) => 'value' in option)) return [];
		const offered = (options as INodePropertyOptions[]).map(({ name, value }) => ({ name, value }));
		return offered.some(({ value }) => keys.has(String(value)))
			? [{ path, name: entry.name, offered }]
			: [];
	});
}

/** A picker of the given platforms as the table says it must read: by name, sorted by name. */
function expectedOptions(m: Modules, keys: string[]): Array<{ name: string; value: string }> {
	const entries = new Map(table(m));
	return keys
		.map((key) => ({ name: (entries.get(key) as PlatformEntry).name, value: key }))
		.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

function keysTaking(m: Modules, field: string, on: 'posts' | 'settings'): string[] {
	return table(m)
		.filter(([, entry]) =>
			(on === 'posts' ? entry.postFields : entry.settingsFields).includes(field),
		)
		.map(([key]) => key);
}

/** Where a list of the description differs from the table, in words; empty when every list matches. */
function descriptionProblems(m: Modules, properties: INodeProperties[]): string[] {
	const problems: string[] = [];
	const all = table(m).map(([key]) => key);
	for (const { path, name, offered } of platformPickers(m, properties)) {
		const expected =
			// Analytics > Platform: "Analytics exist for the `x` platform only" (What the service does)
			path === 'platform'
				? [{ name: 'X', value: 'x' }]
				: name === 'hideLinkPreview'
					? expectedOptions(m, keysTaking(m, 'hide_link_preview', 'posts'))
					: offered.some(({ value }) => value === 'x_article')
						? [...expectedOptions(m, all), { name: 'X Article', value: 'x_article' }]
						: expectedOptions(m, all);
		if (JSON.stringify(offered) !== JSON.stringify(expected))
			problems.push(`${path} offers ${offered.map((o) => o.value).join(', ')}`);
	}
	// Platform Options: each shows for the platforms whose posts (or settings) have its API field.
	const fields = new Map(m.build.PLATFORM_OPTIONS.map((option) => [option.name, option]));
	for (const { entry, path } of walk(properties).filter(({ path }) =>
		/(^|\.)platformOptions\.[^.]+$/.test(path),
	)) {
		const option = fields.get(entry.name);
		const shown = (entry as INodeProperties).displayOptions?.show?.['/platforms'];
		const expected = option
			? keysTaking(m, option.field, option.on === 'settings' ? 'settings' : 'posts')
			: [];
		if (JSON.stringify(shown) !== JSON.stringify(expected))
			problems.push(`${path} shows for ${String(shown)}`);
	}
	// The defaults named in the descriptions of the checks, and the single-post platforms.
	const described = (name: string) =>
		walk(properties)
			.filter(({ entry }) => entry.name === name)
			.map(({ entry }) => String((entry as INodeProperties).description));
	for (const [, entry] of table(m)) {
		const limit = `${entry.name} ${entry.length.limit ?? 'none'}`;
		if (!described('checkLength').every((text) => text.includes(limit)))
			problems.push(`checkLength does not name "${limit}"`);
		const media = `${entry.name} ${entry.media.help}`;
		if (!described('checkMedia').every((text) => text.includes(media)))
			problems.push(`checkMedia does not name "${media}"`);
		for (const name of ['autoSplit', 'spreadMedia']) {
			const single = described(name).every((text) =>
				/^.*\. ([^.]*) take one post/
					.exec(text)?.[1]
					?.split(/, | and /)
					.includes(entry.name),
			);
			if (single !== entry.singlePost)
				problems.push(
					`${name} ${entry.singlePost ? 'omits' : 'names'} ${entry.name} as single-post`,
				);
		}
	}
	return problems;
}

/** Where a list of the helpers differs from the table, in words; empty when every list matches. */
function helperProblems(m: Modules): string[] {
	const problems: string[] = [];
	const keys = table(m).map(([key]) => key);
	const same = (label: string, actual: readonly string[], expected: readonly string[]) => {
		if (JSON.stringify([...actual].sort()) !== JSON.stringify([...expected].sort()))
			problems.push(`${label} holds ${actual.join(', ')}`);
	};
	same('POST_PLATFORMS', m.platformLists.POST_PLATFORMS, keys);
	same('DEFAULT_LIMITS', Object.keys(m.textLength.DEFAULT_LIMITS), keys);
	same('COUNTED_AS', Object.keys(m.textLength.COUNTED_AS), keys);
	same('MEDIA_RULES', Object.keys(m.mediaRules.MEDIA_RULES), keys);
	same('POST_FIELDS', Object.keys(m.merge.POST_FIELDS), keys);
	same(
		'SINGLE_POST_PLATFORMS',
		m.textLength.SINGLE_POST_PLATFORMS,
		table(m)
			.filter(([, entry]) => entry.singlePost)
			.map(([key]) => key),
	);
	same(
		'LINK_PREVIEW_PLATFORMS',
		m.platformLists.LINK_PREVIEW_PLATFORMS,
		keysTaking(m, 'hide_link_preview', 'posts'),
	);
	const summary = Object.keys(m.pollOutput.summaryOf({}));
	for (const [key, entry] of table(m)) {
		const platform = key as keyof typeof m.textLength.DEFAULT_LIMITS;
		if (m.platformLists.platformName(key) !== entry.name)
			problems.push(`platformName(${key}) is ${m.platformLists.platformName(key)}`);
		if (!m.platformLists.isPostPlatform(key)) problems.push(`isPostPlatform(${key}) is false`);
		const refused = m.validation.checkPlatformsObject(
			{ [key]: { enabled: true, posts: [] } },
			true,
		);
		if (refused) problems.push(`checkPlatformsObject refuses ${key}: ${refused}`);
		if (m.textLength.DEFAULT_LIMITS[platform] !== entry.length.limit)
			problems.push(`DEFAULT_LIMITS.${key} is ${m.textLength.DEFAULT_LIMITS[platform]}`);
		// the counter id resolves to a counter: "abc" is 3 on every platform
		if (m.textLength.postLength(platform, 'abc') !== 3) problems.push(`postLength(${key}) fails`);
		if (JSON.stringify(m.merge.POST_FIELDS[platform]) !== JSON.stringify(entry.postFields))
			problems.push(`POST_FIELDS.${key} differs`);
		for (const field of [`${key}_post_enabled`, `${key}_post_published_at`, `${key}_published_url`])
			if (!summary.includes(field)) problems.push(`the poll trigger's summary lacks ${field}`);
	}
	return problems;
}

const real = load();
const properties = new real.node.SocialPublishing().description.properties;

describe('the platform table and the lists made from it', () => {
	test("every platform picker of the description offers the table's platforms, by name", () => {
		expect(descriptionProblems(real, properties)).toEqual([]);
		// the pickers the test found: every one the description is known to have, and no fewer
		expect(platformPickers(real, properties).map(({ path }) => path)).toEqual(
			expect.arrayContaining([
				'platforms',
				'platformTexts.platformText.platform',
				'platformOptions.hideLinkPreview',
				'contentOptions.lengthLimits.limit.platform',
				'contentOptions.mediaLimits.limit.platform',
				'updateFields.disablePlatforms',
				'updateFields.enablePlatforms',
				'options.platform',
			]),
		);
		expect(platformPickers(real, properties).length).toBeGreaterThanOrEqual(10);
	});

	test("every list of the helpers and the poll trigger holds the table's platforms", () => {
		expect(helperProblems(real)).toEqual([]);
	});

	test('every API field of a platform is sent: text and media, or a Platform Option', () => {
		const optionFields = real.build.PLATFORM_OPTIONS.map((option) => option.field);
		const fields = table(real).flatMap(([, entry]) => [
			...entry.postFields,
			...entry.settingsFields,
		]);
		expect(
			fields.filter((field) => !['text', 'media_ids', ...optionFields].includes(field)),
		).toEqual([]);
	});

	test('the table holds the post platforms the sandbox (the API as specified) knows', () => {
		expect(
			table(real)
				.map(([key]) => key)
				.sort(),
		).toEqual([...SANDBOX_PLATFORMS].sort());
	});

	test('the description texts made from the table read as before', () => {
		const description = (name: string) =>
			walk(properties).find(({ entry }) => entry.name === name)?.entry as INodeProperties;
		expect(description('checkLength').description).toContain(
			'(X 280 (weighted), Bluesky 300, Threads 500, Mastodon 500, LinkedIn 3000, Substack none)',
		);
		expect(description('checkMedia').description).toContain(
			'(X 4 images or 1 video or GIF, Bluesky 4 images or 1 video, Mastodon 4 or 1 video, Threads 20, LinkedIn 20 images or 1 video or 1 PDF, Substack none)',
		);
		expect(description('autoSplit').description).toContain(
			'LinkedIn and Substack take one post: a text over their limit is refused instead.',
		);
		expect(description('spreadMedia').description).toContain(
			'LinkedIn and Substack take one post: too many media are refused there.',
		);
		expect(
			(description('platforms').options as INodePropertyOptions[]).map((option) => option.name),
		).toEqual(['Bluesky', 'LinkedIn', 'Mastodon', 'Substack', 'Threads', 'X']);
	});

	test('a list missing a platform is found', () => {
		const doctored = JSON.parse(JSON.stringify(properties)) as INodeProperties[];
		const media = walk(doctored).find(
			({ path }) => path === 'contentOptions.mediaLimits.limit.platform',
		)?.entry as INodeProperties;
		media.options = (media.options as INodePropertyOptions[]).filter(
			(option) => option.value !== 'threads',
		);
		const toggle = walk(doctored).find(({ path }) => path === 'updateFields.enablePlatforms')
			?.entry as INodeProperties;
		toggle.options = [...(toggle.options as INodePropertyOptions[])].reverse();
		expect(descriptionProblems(real, doctored).sort()).toEqual([
			'contentOptions.mediaLimits.limit.platform offers bluesky, linkedin, mastodon, substack, x',
			'updateFields.enablePlatforms offers x, threads, substack, mastodon, linkedin, bluesky',
		]);
	});
});

describe('adding a platform is one entry in the table', () => {
	const pinterest: PlatformEntry = {
		name: 'Pinterest',
		postFields: ['text', 'media_ids', 'hide_link_preview'],
		settingsFields: [],
		singlePost: true,
		length: { limit: 800, counter: 'graphemes', countedAs: 'graphemes' },
		media: {
			max: 5,
			alone: ['video'],
			refused: ['document'],
			takes: { unit: ['image', 'images'], rest: ', or 1 video' },
			help: '5 images or 1 video',
		},
	};
	let extended: Modules;
	jest.isolateModules(() => {
		const platforms = require(PATHS.platforms) as { PLATFORMS: Record<string, PlatformEntry> };
		platforms.PLATFORMS.pinterest = pinterest;
		extended = load();
	});
	const extendedProperties = () => new extended.node.SocialPublishing().description.properties;

	test('every list of the description and the helpers takes the new platform', () => {
		expect(descriptionProblems(extended, extendedProperties())).toEqual([]);
		expect(helperProblems(extended)).toEqual([]);
		const pickers = platformPickers(extended, extendedProperties()).filter(
			({ path }) => path !== 'platform', // Analytics: X only
		);
		expect(pickers.length).toBeGreaterThanOrEqual(10);
		for (const { path, offered } of pickers)
			expect({ path, offered }).toEqual({
				path,
				offered: expect.arrayContaining([{ name: 'Pinterest', value: 'pinterest' }]),
			});
	});

	test('its limits, counter, media rule and single post are in force', () => {
		const { textLength, mediaRules } = extended;
		const platform = 'pinterest' as 'x';
		expect(textLength.resolveLimits(true, {})).toMatchObject({ pinterest: 800 });
		expect(textLength.postLength(platform, '👍🏽 ok')).toBe(4);
		expect(textLength.SINGLE_POST_PLATFORMS).toContain('pinterest');
		expect(
			mediaRules.checkPostMedia(platform, 0, ['image', 'video'], { pinterest: 5 } as never)
				?.message,
		).toBe(
			'Pinterest post 1 has 1 image and 1 video; Pinterest takes at most 5 images, or 1 video',
		);
		const description = (name: string) =>
			String(
				(
					walk(extendedProperties()).find(({ entry }) => entry.name === name)
						?.entry as INodeProperties
				).description,
			);
		expect(description('checkLength')).toContain(
			'Mastodon 500, Pinterest 800, LinkedIn 3000, Substack none',
		);
		expect(description('autoSplit')).toContain('LinkedIn, Substack and Pinterest take one post');
	});

	test('the table of the other tests stays as it was', () => {
		expect(real.platformLists.POST_PLATFORMS).not.toContain('pinterest');
	});
});
