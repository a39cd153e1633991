import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Graph } from '../harness/importGraph';
import type { Layout } from './layoutRules';
import { layoutBreaks, readLayout, rules } from './layoutRules';

/**
 * The layers of nodes/ and credentials/ (docs/developers/development.md, "Architecture notes"), held by the import graph:
 * no circles, one door into the transport, the Files apart from the key, helpers below actions and the
 * transport, the router above the operations, the contract above them all. The rules are in layoutRules.ts;
 * here they run on the repository, and on small graphs that break each one, so a rule that could never fail
 * fails here.
 */

const REPO = resolve(__dirname, '../..');
const N = 'nodes/SocialPublishing/';
const T = 'nodes/common/transport/';

/** A layout of the given imports only; every file named is in the graph, with no package and no source. */
function layoutOf(imports: Record<string, string[]>, extra: Partial<Layout> = {}): Layout {
	const graph: Graph = new Map();
	for (const [from, targets] of Object.entries(imports)) {
		graph.set(from, targets);
		for (const to of targets) if (!graph.has(to)) graph.set(to, imports[to] ?? []);
	}
	return { graph, packages: new Map(), sources: new Map(), ...extra };
}

/** The breaks of one rule, found by the start of its name. */
function breaksOf(layout: Layout, rule: string): string[] {
	const found = rules.filter((r) => r.name.startsWith(rule));
	expect(found).toHaveLength(1);
	return found[0].breaks(layout);
}

describe('nodes layout: the rules hold in the repository', () => {
	const layout = readLayout(REPO);

	it('reads nodes/ and credentials/: the transport, its face, the helpers, the operations', () => {
		const files = [...layout.graph.keys()];
		expect(files).toEqual(
			expect.arrayContaining([`${T}index.ts`, `${T}request.ts`, `${T}upload.ts`]),
		);
		expect(files.some((f) => f.startsWith(`${N}helpers/`))).toBe(true);
		expect(files.filter((f) => f.endsWith('.operation.ts')).length).toBeGreaterThan(20);
		expect(files.some((f) => f.startsWith('credentials/'))).toBe(true);
		expect(layout.names).toEqual(
			expect.arrayContaining([`${N}SocialPublishing.node.ts`, `${N}socialPublishing.svg`]),
		);
		expect(layout.names?.filter((f) => f.endsWith('/index.ts')).length).toBeGreaterThan(5);
		expect(layout.graph.get(`${N}mediaUpload/fromUrl.ts`)).toContain(`${T}index.ts`);
	});

	it('breaks no rule', () => {
		expect(layoutBreaks(layout)).toEqual({});
	});
});

describe('nodes layout: each rule fails on a graph that breaks it', () => {
	it('a circle of two files, one through three files, and a file importing itself', () => {
		const layout = layoutOf({
			[`${N}helpers/a.ts`]: [`${N}helpers/b.ts`],
			[`${N}helpers/b.ts`]: [`${N}helpers/a.ts`],
			[`${N}actions/x.ts`]: [`${N}actions/y.ts`],
			[`${N}actions/y.ts`]: [`${N}actions/z.ts`],
			[`${N}actions/z.ts`]: [`${N}actions/x.ts`],
			[`${N}actions/self.ts`]: [`${N}actions/self.ts`],
			[`${N}actions/draft/create.operation.ts`]: [`${N}actions/draft/reconcile.ts`],
			[`${N}actions/draft/reconcile.ts`]: [`${N}actions/draft/create.operation.ts`],
		});
		expect(breaksOf(layout, 'no import circles').sort()).toEqual([
			`${N}actions/draft/create.operation.ts -> ${N}actions/draft/reconcile.ts -> ${N}actions/draft/create.operation.ts`,
			`${N}actions/self.ts -> ${N}actions/self.ts`,
			`${N}actions/x.ts -> ${N}actions/y.ts -> ${N}actions/z.ts -> ${N}actions/x.ts`,
			`${N}helpers/a.ts -> ${N}helpers/b.ts -> ${N}helpers/a.ts`,
		]);
	});

	it("an import past the transport's face; the face and imports inside transport/ pass", () => {
		const layout = layoutOf({
			[`${N}actions/params.ts`]: [`${T}url.ts`, `${T}index.ts`, `${T}endpoints.ts`],
			['nodes/SocialPublishingPollTrigger/poll.ts']: [`${T}errors.ts`],
			[`${T}index.ts`]: [`${T}url.ts`, `${T}errors.ts`],
		});
		expect(breaksOf(layout, "outside transport/, only the transport's face")).toEqual([
			`${N}actions/params.ts -> ${T}url.ts`,
			`nodes/SocialPublishingPollTrigger/poll.ts -> ${T}errors.ts`,
		]);
	});

	it('a File that reaches the request loop, or sends with the credential itself', () => {
		const layout = layoutOf(
			{
				[`${T}download.ts`]: [`${T}caller.ts`],
				[`${T}caller.ts`]: [`${T}request.ts`],
				[`${T}upload.ts`]: [`${T}wait.ts`],
			},
			{ sources: new Map([[`${T}upload.ts`, 'helpers.httpRequestWithAuthentication.call(this)']]) },
		);
		expect(breaksOf(layout, 'the Files')).toEqual([
			`${T}download.ts -> ${T}caller.ts -> ${T}request.ts`,
			`${T}upload.ts sends with the credential`,
		]);
	});

	it('a helper that reaches the transport through nodes/common/, or imports actions/ or mediaUpload/', () => {
		const layout = layoutOf({
			[`${N}helpers/validation.ts`]: ['nodes/common/text/echo.ts'],
			['nodes/common/text/echo.ts']: [`${T}errors.ts`],
			[`${N}helpers/dates.ts`]: [`${N}actions/params.ts`, `${N}mediaUpload/fromUrl.ts`],
		});
		expect(breaksOf(layout, 'helpers/').sort()).toEqual([
			`${N}helpers/dates.ts -> ${N}actions/params.ts`,
			`${N}helpers/dates.ts -> ${N}mediaUpload/fromUrl.ts`,
			`${N}helpers/validation.ts -> nodes/common/text/echo.ts -> ${T}errors.ts`,
		]);
	});

	it('an operation that reaches the router, and another importer of the router', () => {
		const layout = layoutOf({
			[`${N}SocialPublishing.node.ts`]: [`${N}actions/router.ts`],
			[`${N}actions/tag/create.operation.ts`]: [`${N}actions/confirm.ts`],
			[`${N}actions/confirm.ts`]: [`${N}actions/router.ts`],
		});
		expect(breaksOf(layout, 'no operation reaches the router')).toEqual([
			`${N}actions/tag/create.operation.ts -> ${N}actions/confirm.ts -> ${N}actions/router.ts`,
			`${N}actions/confirm.ts -> ${N}actions/router.ts`,
		]);
	});

	it('a contract that names an operation, through a file of its resource', () => {
		const layout = layoutOf({
			[`${N}actions/types.ts`]: [`${N}actions/toolRule.ts`],
			[`${N}actions/toolRule.ts`]: [`${N}actions/draft/create.operation.ts`],
		});
		expect(breaksOf(layout, 'the contract')).toEqual([
			`${N}actions/types.ts -> ${N}actions/toolRule.ts -> ${N}actions/draft/create.operation.ts`,
		]);
	});

	it("a shared file of actions/ importing a resource's file; the router and resources.ts may", () => {
		const layout = layoutOf({
			[`${N}actions/resources.ts`]: [`${N}actions/draft/index.ts`, `${N}actions/tag/index.ts`],
			[`${N}actions/router.ts`]: [`${N}actions/resources.ts`, `${N}actions/parallel/inFlight.ts`],
			[`${N}actions/toolRule.ts`]: [`${N}actions/draft/draftRequests.ts`, `${N}actions/types.ts`],
			[`${N}actions/params.ts`]: [`${N}actions/tag/names.ts`, `${N}actions/descriptions/x.ts`],
		});
		expect(breaksOf(layout, 'the shared files of actions/')).toEqual([
			`${N}actions/toolRule.ts -> ${N}actions/draft/draftRequests.ts`,
			`${N}actions/params.ts -> ${N}actions/tag/names.ts`,
		]);
	});

	it("a resource importing the router's Retry On Fail memory; what reconciling shares passes", () => {
		const layout = layoutOf({
			[`${N}actions/resources.ts`]: [`${N}actions/draft/index.ts`],
			[`${N}actions/draft/plan/remembered.ts`]: [`${N}actions/retryOnFail/planned.ts`],
			[`${N}actions/draft/reconcile.ts`]: [
				`${N}actions/retryOnFail/reconcileCommon.ts`,
				`${N}actions/retryOnFail/sameDraft.ts`,
				`${N}actions/plannedWrites.ts`,
			],
			[`${N}actions/router.ts`]: [`${N}actions/retryOnFail/index.ts`],
		});
		expect(breaksOf(layout, 'a resource imports from retryOnFail/')).toEqual([
			`${N}actions/draft/plan/remembered.ts -> ${N}actions/retryOnFail/planned.ts`,
		]);
	});

	it('a file name that stands twice in nodes/; the names every resource or operation has pass', () => {
		const layout = layoutOf(
			{},
			{
				names: [
					`${N}helpers/bestTimes.ts`,
					`${N}actions/analytics/bestTimes.ts`,
					`${T}budget.ts`,
					`${N}actions/draft/validateOnly/budget.ts`,
					`${N}actions/draft/index.ts`,
					`${N}actions/tag/index.ts`,
					`${N}actions/draft/create.operation.ts`,
					`${N}actions/tag/create.operation.ts`,
					`${N}actions/draft/reconcile.ts`,
					`${N}actions/tag/reconcile.ts`,
					`${N}actions/draft/dryRuns.ts`,
					`${N}actions/queue/dryRuns.ts`,
					`${N}actions/types.ts`,
					'nodes/SocialPublishingTrigger/types.ts',
					'nodes/SocialPublishingTrigger/description.ts',
					'nodes/SocialPublishingPollTrigger/description.ts',
					`${N}socialPublishing.svg`,
					'nodes/SocialPublishingTrigger/socialPublishing.svg',
					'credentials/budget.ts',
				],
			},
		);
		expect(breaksOf(layout, 'one file name, one meaning')).toEqual([
			`bestTimes.ts: ${N}helpers/bestTimes.ts, ${N}actions/analytics/bestTimes.ts`,
			`budget.ts: ${T}budget.ts, ${N}actions/draft/validateOnly/budget.ts`,
		]);
	});

	it('mediaUpload/ importing actions/, nodes/common/ importing the node, the webhook trigger leaving its folder', () => {
		const layout = layoutOf(
			{
				[`${N}mediaUpload/fromUrl.ts`]: [`${N}actions/params.ts`, `${N}helpers/mediaRules.ts`],
				['nodes/common/platforms.ts']: [`${N}helpers/limits.ts`],
				['nodes/SocialPublishingTrigger/delivery.ts']: [
					'nodes/SocialPublishingTrigger/signature.ts',
					`${T}index.ts`,
					'nodes/common/text/redact.ts',
				],
				// the redaction the trigger may use imports nothing
				['nodes/common/text/redact.ts']: ['nodes/common/text/echo.ts'],
			},
			{ packages: new Map([['nodes/SocialPublishingTrigger/signature.ts', ['crypto', 'luxon']]]) },
		);
		expect(breaksOf(layout, 'mediaUpload/')).toEqual([
			`${N}mediaUpload/fromUrl.ts -> ${N}actions/params.ts`,
		]);
		expect(breaksOf(layout, 'nodes/common/')).toEqual([
			`nodes/common/platforms.ts -> ${N}helpers/limits.ts`,
		]);
		expect(breaksOf(layout, 'the webhook trigger')).toEqual([
			`nodes/SocialPublishingTrigger/delivery.ts -> ${T}index.ts`,
			'nodes/common/text/redact.ts -> nodes/common/text/echo.ts',
			'nodes/SocialPublishingTrigger/signature.ts -> luxon',
		]);
	});

	it('shipped code importing a test or another package', () => {
		const layout = layoutOf(
			{ [`${N}helpers/dates.ts`]: ['test/harness/cpu.ts'] },
			{ packages: new Map([[`${N}helpers/dates.ts`, ['luxon', 'node:fs']]]) },
		);
		expect(breaksOf(layout, 'nodes/ and credentials/')).toEqual([
			`${N}helpers/dates.ts -> test/harness/cpu.ts`,
			`${N}helpers/dates.ts -> node:fs`,
		]);
	});
});

describe('nodes layout: read from files, a circle and an import past the face are reported', () => {
	const root = mkdtempSync(join(tmpdir(), 'sp-layout-'));
	const write = (file: string, source: string) => {
		mkdirSync(dirname(join(root, file)), { recursive: true });
		writeFileSync(join(root, file), source);
	};

	afterAll(() => rmSync(root, { recursive: true, force: true }));

	it('reports both, and nothing once they are gone', () => {
		write(
			'credentials/Api.credentials.ts',
			"import type { ICredentialType } from 'n8n-workflow';\n",
		);
		write(`${T}index.ts`, "export { buildUrl } from './url';\n");
		write(`${T}url.ts`, 'export const buildUrl = 1;\n');
		write(`${N}helpers/a.ts`, "import type { B } from './b';\nexport type A = B;\n");
		write(`${N}helpers/b.ts`, "import {\n\tA,\n} from './a';\nexport type B = A;\n");
		write(`${N}actions/params.ts`, "import { buildUrl } from '../../common/transport/url';\n");
		expect(layoutBreaks(readLayout(root))).toEqual({
			'no import circles (type-only imports count)': [
				`${N}helpers/a.ts -> ${N}helpers/b.ts -> ${N}helpers/a.ts`,
			],
			"outside transport/, only the transport's face is imported (index.ts, endpoints.ts)": [
				`${N}actions/params.ts -> ${T}url.ts`,
			],
		});

		write(`${N}helpers/b.ts`, 'export type B = string;\n');
		write(`${N}actions/params.ts`, "import { buildUrl } from '../../common/transport';\n");
		expect(layoutBreaks(readLayout(root))).toEqual({});
	});
});
