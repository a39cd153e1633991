/**
 * The built node as n8n loads it at start: its parameter list is data (scripts/snapshotProperties.ts), so
 * requiring it loads none of the operations' code; that code is loaded when the node first runs or when
 * the editor first asks it for options. Needs `npm run build` (npm test builds first).
 */
import { execFileSync } from 'child_process';
import { join } from 'path';
import type { INodeType } from 'n8n-workflow';
import { loadDistPackage } from '../harness/distPackage';
import { buildNodeTypes, sourceNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';
import { byId, singleNodeWorkflow } from '../harness/workflows';
import { loadOptionsContext } from '../nodes/SocialPublishing/methods/loadOptionsContext';

const root = join(__dirname, '..', '..');
const dist = loadDistPackage(root);
const built = dist.nodeTypes;
const sources = sourceNodeTypes();

/** The package's own files a fresh process has loaded after requiring `files` (n8n-workflow first). */
function packageModulesLoadedBy(files: string[]): string[] {
	const script = [
		"require('n8n-workflow');",
		`for (const file of ${JSON.stringify(files)}) require(file);`,
		`const dist = ${JSON.stringify(join(root, 'dist'))};`,
		'const ours = Object.keys(require.cache).filter((path) => path.startsWith(dist));',
		"process.stdout.write(JSON.stringify(ours.map((path) => path.slice(dist.length + 1).split('\\\\').join('/'))));",
	].join('\n');
	const output = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
	return (JSON.parse(output) as string[]).sort();
}

describe('the built Social Publishing node', () => {
	test.each(Object.keys(sources))(
		'%s: the built description is the sources’ description',
		(name) => {
			const type: INodeType = built[name];
			expect(type).toBeDefined();
			expect(type.description).toStrictEqual(sources[name].description);
			const methodNames = (node: INodeType) =>
				Object.fromEntries(
					Object.entries(node.methods ?? {}).map(([kind, entries]) => [
						kind,
						Object.keys(entries as object).sort(),
					]),
				);
			expect(methodNames(type)).toEqual(methodNames(sources[name]));
		},
	);

	test('each instance gets a list of its own, holding the same parameters', () => {
		const [first, second] = [0, 1].map(() => loadDistPackage(root).nodeTypes.socialPublishing);
		expect(first.description.properties).not.toBe(second.description.properties);
		expect(first.description.properties).toStrictEqual(second.description.properties);
	});

	test('requiring the node file loads its parameter list and nothing of the operations', () => {
		const loaded = packageModulesLoadedBy([
			join(root, 'dist/nodes/SocialPublishing/SocialPublishing.node.js'),
		]);
		expect(loaded).toEqual([
			'nodes/SocialPublishing/SocialPublishing.node.js',
			'nodes/SocialPublishing/properties.js',
		]);
	});

	test('the compiled parameter list is data: it requires nothing', () => {
		const loaded = packageModulesLoadedBy([
			join(root, 'dist/nodes/SocialPublishing/properties.js'),
		]);
		expect(loaded).toEqual(['nodes/SocialPublishing/properties.js']);
	});

	describe('loads the operations when first used', () => {
		const fx = useSandbox();
		beforeEach(() => fx.sandbox.clearRequests());

		test('runs an operation through n8n-core (User > Get Current)', async () => {
			const result = await fx.run(
				singleNodeWorkflow({ resource: 'user', operation: 'getCurrent' }),
				{
					nodeTypes: buildNodeTypes({}, built),
					credentialTypes: dist.credentialTypes,
					key: 'write',
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.output('Social Publishing').map((item) => item.json.name)).toEqual([
				'Wes Writer',
			]);
			expect(fx.apiRequests().map((request) => request.path)).toEqual(['/v2/me']);
		});

		test('a service error leaves the node naming its item, without the key', async () => {
			const badKey = 'sp_live_not_a_real_key_7c1e9a';
			const result = await fx.run(
				singleNodeWorkflow({ resource: 'user', operation: 'getCurrent' }),
				{
					nodeTypes: buildNodeTypes({}, built),
					credentialTypes: dist.credentialTypes,
					credentials: { socialPublishingApi: { apiKey: badKey, baseUrl: fx.sandbox.baseUrl } },
				},
			);
			expect(result.error?.message).toBe('UNAUTHORIZED: Invalid API key');
			expect(result.error?.httpCode).toBe('401');
			expect(result.error?.context?.itemIndex).toBe(0);
			expect(JSON.stringify({ error: result.error, run: result.run.data })).not.toContain(badKey);
		});

		test('the editor’s list search and tag options', async () => {
			const credential = { apiKey: fx.sandbox.keys.admin, baseUrl: fx.sandbox.baseUrl };
			const methods = built.socialPublishing.methods!;
			const search = await methods.listSearch!.searchSocialSets.call(
				loadOptionsContext({ resource: 'socialSet', operation: 'get' }, credential),
				'team',
			);
			expect(search.results.map((entry) => entry.value)).toEqual(['102']);
			const tags = await methods.loadOptions!.getTags.call(
				loadOptionsContext(
					{ resource: 'draft', operation: 'create', socialSetId: byId(101) } as never,
					credential,
				),
			);
			expect(tags.map((option) => option.value)).toEqual(['launch', 'weekly-tips']);
		});
	});
});
