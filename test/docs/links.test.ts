import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';
import { SocialPublishing } from '../../nodes/SocialPublishing/SocialPublishing.node';
import { SocialPublishingPollTrigger } from '../../nodes/SocialPublishingPollTrigger/SocialPublishingPollTrigger.node';
import { SocialPublishingTrigger } from '../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import type { DocFile } from './docsCheck';
import {
	anchorsOf,
	checkLinks,
	checkParameterNames,
	checkPaths,
	checkQuotedDefaults,
	defaultsOf,
	githubSlug,
	isTitleCase,
	namesOf,
} from './docsCheck';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The Markdown files of a folder of docs/, by path from the repository root. */
const guidesIn = (folder: string) =>
	readdirSync(join(root, folder))
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => `${folder}/${name}`);

/** User guides in docs/, developer notes in docs/developers/. */
const docs: DocFile[] = ['README.md', ...guidesIn('docs'), ...guidesIn('docs/developers')].map(
	(path) => ({ path, text: read(path) }),
);
const files = new Map(docs.map((doc) => [doc.path, doc.text]));

const exampleNames = new Set(
	readdirSync(join(root, 'examples')).filter((n) => n.endsWith('.json')),
);

const nodes = [
	new SocialPublishing(),
	new SocialPublishingTrigger(),
	new SocialPublishingPollTrigger(),
];
const credential = new SocialPublishingApi();

/**
 * Names of n8n's own editor the guides quote beside the package's: node settings, core nodes and their
 * parameters, the editor's buttons and menus. Everything else emphasised in Title Case must be a
 * parameter, option or node of this package.
 */
const N8N_NAMES = [
	// node settings and editor
	'Settings',
	'On Error',
	'Retry On Fail',
	'Max Tries',
	'Always Output Data',
	'Execute Once',
	'Continue On Fail',
	'Continue (using error output)',
	'Poll Times',
	'Fetch Test Event',
	'Webhook URLs',
	'Production URL',
	'Save',
	'Retry',
	'Stop',
	'Community Nodes',
	'Install',
	'Workflows',
	'Import from File',
	// an AI agent's set-up (ai-agent-tool.md)
	'Chat Trigger',
	'AI Agent',
	'OpenAI Chat Model',
	'Simple Memory',
	'Tool',
	'System Message',
	// core nodes named in the examples and recipes, and their parameters
	'Manual Trigger',
	'Schedule Trigger',
	'Sort',
	'Edit Fields (Set)',
	'Convert to File',
	'Split Out',
	'Remove Duplicates',
	'Remove Items Processed in Previous Executions',
	'Keep Items Where',
	'Value Is New',
	'Value to Dedupe On',
	'Scope',
	'History Size',
	'Clear Deduplication History',
	'Clean Database',
	'Mode',
	'Redis',
	'Increment',
	'Key',
	'Expire',
	'TTL',
	'If',
	'Loop Over Items',
	'Wait',
	'Schedule Trigger',
	'Postgres',
	'Insert or Update',
	'Extract from File',
	'Extract From CSV',
	'Convert to Text File',
	'Stop and Error',
];

const names = new Set<string>([
	...nodes.flatMap((node) => [...namesOf(node.description.properties)]),
	...nodes.map((node) => node.description.displayName),
	// n8n offers a node with usableAsTool to AI agents as "<display name> Tool"
	...nodes
		.filter((node) => node.description.usableAsTool)
		.map((n) => `${n.description.displayName} Tool`),
	...namesOf(credential.properties),
	credential.displayName,
	...N8N_NAMES,
]);

const defaults = new Map<
	string,
	ReturnType<typeof defaultsOf> extends Map<string, infer V> ? V : never
>();
for (const properties of [
	...nodes.map((node) => node.description.properties),
	credential.properties,
])
	for (const [name, quoted] of defaultsOf(properties))
		defaults.set(name, [...(defaults.get(name) ?? []), ...quoted]);

describe('the documentation (README.md, the user guides in docs/*.md, the developer notes in docs/developers/*.md)', () => {
	test('is a README, user guides and developer notes', () => {
		expect(docs.filter((doc) => /^docs\/[^/]+$/.test(doc.path)).length).toBeGreaterThan(5);
		expect(docs.filter((doc) => doc.path.startsWith('docs/developers/')).length).toBeGreaterThan(1);
	});

	test.each(docs.map((doc) => [doc.path, doc]))(
		'%s: every relative link and anchor resolves',
		(_path, doc) => {
			expect(checkLinks(doc, files, root)).toEqual([]);
		},
	);

	test.each(docs.map((doc) => [doc.path, doc]))(
		'%s: every repository path and example file it names exists',
		(_path, doc) => {
			expect(checkPaths(doc, root, exampleNames)).toEqual([]);
		},
	);

	test.each(docs.map((doc) => [doc.path, doc]))(
		'%s: every default and bound it quotes for a parameter is the one the node has',
		(_path, doc) => {
			expect(checkQuotedDefaults(doc, defaults)).toEqual([]);
		},
	);

	test.each(docs.map((doc) => [doc.path, doc]))(
		'%s: every parameter name it quotes is one the nodes show',
		(_path, doc) => {
			expect(checkParameterNames(doc, names)).toEqual([]);
		},
	);

	test('every example workflow is described in docs/examples.md', () => {
		const guide = read('docs/examples.md');
		const missing = [...exampleNames].filter((name) => !guide.includes(`\`${name}\``));
		expect(missing).toEqual([]);
	});

	test('the README stays short: at most 250 lines, install on its first screen, the two developer commands', () => {
		const readme = read('README.md');
		const lines = readme.split('\n');
		expect(lines.length).toBeLessThanOrEqual(250);
		// the first screen: what the package does, then how to install it
		expect(lines.slice(0, 30).join('\n')).toMatch(/^## Install$/m);
		// .ci/run runs the README's test command
		expect(readme).toContain('npm ci && npm start');
		expect(readme).toContain('npm ci && npm test ');
		expect(read('.ci/run')).toMatch(/^(step )?npm test$/m);
	});

	test('every guide is linked from the README', () => {
		const readme = read('README.md');
		const unlinked = docs
			.filter((doc) => doc.path.startsWith('docs/'))
			.filter((doc) => !readme.includes(`](${doc.path})`) && !readme.includes(`](${doc.path}#`))
			.map((doc) => doc.path);
		expect(unlinked).toEqual([]);
	});
});

describe("the nodes' and the credential's documentation links", () => {
	const pkg = JSON.parse(read('package.json'));
	const repository = String(pkg.homepage).replace(/#readme$/, '');
	const guideOf = (url: string) => {
		const prefix = `${repository}/blob/main/`;
		expect(url.startsWith(prefix)).toBe(true);
		const path = url.slice(prefix.length);
		expect(path).toMatch(/^docs\/[\w-]+\.md$/);
		expect(files.has(path)).toBe(true);
		return path;
	};
	const codexGuide = (folder: string) => {
		const codex = JSON.parse(read(`nodes/${folder}/${folder}.node.json`));
		const urls = codex.resources.primaryDocumentation.map((entry: { url: string }) => entry.url);
		expect(urls).toHaveLength(1);
		return guideOf(urls[0]);
	};

	test('the credential opens the credential guide', () => {
		expect(guideOf(credential.documentationUrl)).toBe('docs/credentials.md');
	});

	test.each([
		['SocialPublishing', 'docs/node.md'],
		['SocialPublishingTrigger', 'docs/webhook-trigger.md'],
		['SocialPublishingPollTrigger', 'docs/poll-trigger.md'],
	])('the codex of %s opens %s', (folder, guide) => {
		expect(codexGuide(folder)).toBe(guide);
	});
});

describe('the documentation checker finds what is wrong (samples)', () => {
	const sample = (text: string, path = 'docs/sample.md'): DocFile => ({ path, text });
	const withSample = (doc: DocFile) => new Map([...files, [doc.path, doc.text]]);

	test('slugs headings as GitHub does, numbering repeats', () => {
		expect(githubSlug("As an AI agent's tool")).toBe('as-an-ai-agents-tool');
		expect(githubSlug('Validate Only (dry run)')).toBe('validate-only-dry-run');
		expect(githubSlug('Post length and `Auto-Split`')).toBe('post-length-and-auto-split');
		expect(githubSlug('How it finds changes: the cursor')).toBe('how-it-finds-changes-the-cursor');
		expect([
			...anchorsOf('# A\n## Queue mode\n```\n# not a heading\n```\n### Queue mode\n'),
		]).toEqual(['a', 'queue-mode', 'queue-mode-1']);
	});

	test('a link to a missing file, a missing heading or a missing heading of another guide is reported', () => {
		const doc = sample(
			[
				'# Sample',
				'See [here](#sample), [there](#nowhere), [media](media.md#no-such-heading),',
				'[a file](../examples/no-such.json), [a guide](media.md), [a site](https://example.com/x#y).',
				'`[not a link](#in-code)`',
			].join('\n'),
		);
		expect(checkLinks(doc, withSample(doc), root)).toEqual([
			'docs/sample.md:2: #nowhere: no heading "#nowhere" in docs/sample.md',
			'docs/sample.md:2: media.md#no-such-heading: no heading "#no-such-heading" in docs/media.md',
			'docs/sample.md:3: ../examples/no-such.json: no such file',
		]);
	});

	test('a repository path or an example file that does not exist is reported', () => {
		const doc = sample(
			'Read `nodes/common/platforms.ts`, `nodes/common/nowhere.ts`, `rows-to-drafts-once.json`, `rows-to-drafts-twice.json`, `package.json`, `test/<resource>/x.ts`.',
		);
		expect(checkPaths(doc, root, exampleNames)).toEqual([
			'docs/sample.md:1: `nodes/common/nowhere.ts`: no such path',
			'docs/sample.md:1: `rows-to-drafts-twice.json`: no such example in examples/',
		]);
	});

	test('a parameter name the nodes do not show is reported; emphasis in prose is not a name', () => {
		const doc = sample(
			[
				'Set *Content Options > Check Media* and **Validate Only**, or *Frobnicate Level*.',
				'**Content Options > Check Everything**; **deletes permanently**; **Nothing twice**; *Long texts.*',
				'`*Not Checked In Code*`',
			].join('\n'),
		);
		expect(checkParameterNames(doc, names)).toEqual([
			'docs/sample.md:1: "Frobnicate Level" (in "Frobnicate Level") is no parameter name',
			'docs/sample.md:2: "Check Everything" (in "Content Options > Check Everything") is no parameter name',
		]);
		expect(isTitleCase('Tag Names or IDs')).toBe(true);
		expect(isTitleCase('the last writer wins')).toBe(false);
	});

	test('a default or a bound the node does not have is reported; the right ones are not', () => {
		const doc = sample(
			[
				'At most *Max Posts* posts (default 5,000, at most 10,000); *Minimum Posts Per Slot* (default 3).',
				'*Max Posts* (default 500); *Number of Slots* slots (default 5, at most 99).',
				'**Options > Require Resolved Comments** (on by default); *Frobnicate Level* (default 7).',
			].join('\n'),
		);
		expect(checkQuotedDefaults(doc, defaults)).toEqual([
			'docs/sample.md:2: "Max Posts" (*Max Posts* (default 500): the default is 5000',
			'docs/sample.md:2: "Number of Slots" (*Number of Slots* slots (default 5, at most 99): the most it takes is 168',
			'docs/sample.md:3: "Require Resolved Comments" (**Options > Require Resolved Comments** (on by default): the default is false',
		]);
	});
});
