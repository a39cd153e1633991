import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Graph } from '../harness/importGraph';
import {
	edges,
	importCircles,
	importGraph,
	packageImports,
	reachable,
} from '../harness/importGraph';

/**
 * The layers of docs/developers/development.md ("Architecture notes") as rules over the import graph of nodes/ and
 * credentials/ (paths relative to the repository, type-only imports included). Each rule gives its breaks, one
 * text each (an import `a -> b`, or the path of imports that reaches where it must not); none is a pass.
 */

export interface Layout {
	/** Each file's relative imports. */
	graph: Graph;
	/** Each file's package imports (non-relative specifiers). */
	packages: Map<string, string[]>;
	/** Each file's source, for the rule that reads what a file calls. */
	sources: Map<string, string>;
	/** Every file under nodes/ (icons and all), for the rule on names; the graph's files when absent. */
	names?: string[];
}

export interface Rule {
	name: string;
	breaks(layout: Layout): string[];
}

const NODE = 'nodes/SocialPublishing/';
const TRANSPORT = 'nodes/common/transport/';
/** The transport's face: the only files of transport/ a file outside it imports. */
const FACE = [`${TRANSPORT}index.ts`, `${TRANSPORT}endpoints.ts`];
/** The Files: the presigned PUT and public downloads, which send no key. */
const FILES = ['upload.ts', 'download.ts', 'downloadGuard.ts'].map((f) => TRANSPORT + f);
/** The request loop that carries the key, and what sends through it. */
const KEYED = ['request.ts', 'paging.ts'].map((f) => TRANSPORT + f);
const ROUTER = `${NODE}actions/router.ts`;
const CONTRACT = `${NODE}actions/types.ts`;
const SHIPPED_PACKAGES = ['n8n-workflow', 'luxon', 'crypto'];
/** The redaction: pure, importing nothing, so the webhook trigger may use it and stay as light as it is. */
const REDACTION = 'nodes/common/text/redact.ts';
const RESOURCES = `${NODE}actions/resources.ts`;
const RETRY = `${NODE}actions/retryOnFail/`;
/** What reconciling shares: the only files of retryOnFail/ a resource imports (the rest is the router's memory). */
const RECONCILING = ['reconcileCommon.ts', 'sameDraft.ts'].map((f) => RETRY + f);
/** File names that stand in many folders by design: one per resource, operation or trigger. */
const SHARED_NAMES = [
	/^index\.ts$/,
	/\.operation\.ts$/,
	/^reconcile\.ts$/,
	/^dryRuns?\.ts$/,
	/^description\.ts$/,
	/^types\.ts$/,
	/\.svg$/,
];

const arrow = ([from, to]: [string, string]) => `${from} -> ${to}`;

/** The resource folders (`nodes/SocialPublishing/actions/draft/`, ...): the folders resources.ts imports. */
function resourceFolders(graph: Graph): string[] {
	return (graph.get(RESOURCES) ?? [])
		.map((file) => /^(nodes\/SocialPublishing\/actions\/[^/]+\/)/.exec(file)?.[1])
		.filter((folder): folder is string => folder !== undefined);
}

/** Each file name that stands in more than one folder of nodes/, with its paths (the shared names excepted). */
function namesTwice(files: string[]): string[] {
	const byName = new Map<string, string[]>();
	for (const file of files.filter((f) => f.startsWith('nodes/'))) {
		const name = file.slice(file.lastIndexOf('/') + 1);
		if (SHARED_NAMES.some((shared) => shared.test(name))) continue;
		byName.set(name, [...(byName.get(name) ?? []), file]);
	}
	return [...byName]
		.filter(([, paths]) => paths.length > 1)
		.map(([name, paths]) => `${name}: ${paths.join(', ')}`);
}

const isOperation = (file: string) => file.endsWith('.operation.ts');

/** The imports from a file `from` matches to a file `to` matches. */
function importsWhere(
	graph: Graph,
	from: (file: string) => boolean,
	to: (file: string) => boolean,
): string[] {
	return edges(graph)
		.filter(([a, b]) => from(a) && to(b))
		.map(arrow);
}

/** For each file `from` matches, the path to each file it reaches (through any number of imports) that `to` matches. */
function reachesWhere(
	graph: Graph,
	from: (file: string) => boolean,
	to: (file: string) => boolean,
): string[] {
	return [...graph.keys()]
		.filter(from)
		.flatMap((start) =>
			[...reachable(graph, start)]
				.filter(([file]) => to(file))
				.map(([, path]) => path.join(' -> ')),
		);
}

export const rules: Rule[] = [
	{
		name: 'no import circles (type-only imports count)',
		breaks: ({ graph }) => importCircles(graph).map((circle) => circle.join(' -> ')),
	},
	{
		name: "outside transport/, only the transport's face is imported (index.ts, endpoints.ts)",
		breaks: ({ graph }) =>
			importsWhere(
				graph,
				(file) => !file.startsWith(TRANSPORT),
				(file) => file.startsWith(TRANSPORT) && !FACE.includes(file),
			),
	},
	{
		name: 'the Files (upload, download) never reach the request loop that carries the key',
		breaks: ({ graph, sources }) => [
			...reachesWhere(
				graph,
				(file) => FILES.includes(file),
				(file) => KEYED.includes(file),
			),
			...reachesWhere(
				graph,
				(file) => FILES.includes(file),
				(file) => /\bhttpRequestWithAuthentication\b/.test(sources.get(file) ?? ''),
			),
			...FILES.filter((file) =>
				/\bhttpRequestWithAuthentication\b/.test(sources.get(file) ?? ''),
			).map((file) => `${file} sends with the credential`),
		],
	},
	{
		name: 'helpers/ reach no transport, no actions/ and no mediaUpload/',
		breaks: ({ graph }) =>
			reachesWhere(
				graph,
				(file) => file.startsWith(`${NODE}helpers/`),
				(file) =>
					file.startsWith(TRANSPORT) ||
					file.startsWith(`${NODE}actions/`) ||
					file.startsWith(`${NODE}mediaUpload/`),
			),
	},
	{
		name: 'no operation reaches the router; only the node file imports it',
		breaks: ({ graph }) => [
			...reachesWhere(graph, isOperation, (file) => file === ROUTER),
			...importsWhere(
				graph,
				(file) => file !== `${NODE}SocialPublishing.node.ts`,
				(file) => file === ROUTER,
			),
		],
	},
	{
		name: 'the contract (actions/types.ts) names no operation: it reaches no resource folder',
		breaks: ({ graph }) =>
			reachesWhere(
				graph,
				(file) => file === CONTRACT,
				(file) => isOperation(file) || /^nodes\/SocialPublishing\/actions\/[^/]+\//.test(file),
			),
	},
	{
		name: 'the shared files of actions/ import no resource folder (only the router and resources.ts do)',
		breaks: ({ graph }) => {
			const folders = resourceFolders(graph);
			return importsWhere(
				graph,
				(file) =>
					/^nodes\/SocialPublishing\/actions\/[^/]+\.ts$/.test(file) &&
					file !== ROUTER &&
					file !== RESOURCES,
				(file) => folders.some((folder) => file.startsWith(folder)),
			);
		},
	},
	{
		name: "a resource imports from retryOnFail/ only what reconciling shares; the memory is the router's",
		breaks: ({ graph }) => {
			const folders = resourceFolders(graph);
			return importsWhere(
				graph,
				(file) => folders.some((folder) => file.startsWith(folder)),
				(file) => file.startsWith(RETRY) && !RECONCILING.includes(file),
			);
		},
	},
	{
		name: 'one file name, one meaning: no file name stands twice in nodes/ (index.ts, *.operation.ts, reconcile.ts, dryRun(s).ts, description.ts, types.ts excepted)',
		breaks: ({ graph, names }) => namesTwice(names ?? [...graph.keys()]),
	},
	{
		name: 'mediaUpload/ imports only itself, helpers/ and nodes/common/',
		breaks: ({ graph }) =>
			importsWhere(
				graph,
				(file) => file.startsWith(`${NODE}mediaUpload/`),
				(file) =>
					!file.startsWith(`${NODE}mediaUpload/`) &&
					!file.startsWith(`${NODE}helpers/`) &&
					!file.startsWith('nodes/common/'),
			),
	},
	{
		name: 'nodes/common/ imports nothing outside it (both nodes share it)',
		breaks: ({ graph }) =>
			importsWhere(
				graph,
				(file) => file.startsWith('nodes/common/'),
				(file) => !file.startsWith('nodes/common/'),
			),
	},
	{
		name: 'the webhook trigger imports only its own files, the redaction (nodes/common/text/redact.ts), n8n-workflow and crypto',
		breaks: ({ graph, packages }) => {
			const inTrigger = (file: string) => file.startsWith('nodes/SocialPublishingTrigger/');
			return [
				...importsWhere(graph, inTrigger, (file) => !inTrigger(file) && file !== REDACTION),
				...importsWhere(
					graph,
					(file) => file === REDACTION,
					() => true,
				),
				...[...packages]
					.filter(([file]) => inTrigger(file) || file === REDACTION)
					.flatMap(([file, names]) =>
						names
							.filter((name) => name !== 'n8n-workflow' && name !== 'crypto')
							.map((name) => `${file} -> ${name}`),
					),
			];
		},
	},
	{
		name: 'nodes/ and credentials/ import no tests, sandbox or scripts, and no package but n8n-workflow, luxon, crypto',
		breaks: ({ graph, packages }) => [
			...importsWhere(
				graph,
				() => true,
				(file) => !file.startsWith('nodes/') && !file.startsWith('credentials/'),
			),
			...[...packages].flatMap(([file, names]) =>
				names
					.filter((name) => !SHIPPED_PACKAGES.includes(name))
					.map((name) => `${file} -> ${name}`),
			),
		],
	},
];

/** Every break of every rule, by rule name; a rule that holds is left out. */
export function layoutBreaks(layout: Layout): Record<string, string[]> {
	return Object.fromEntries(
		rules
			.map((rule): [string, string[]] => [rule.name, rule.breaks(layout)])
			.filter(([, found]) => found.length > 0),
	);
}

/** The layout of the shipped folders (nodes/, credentials/) under `root`: imports, packages and sources. */
export function readLayout(root: string): Layout {
	const dirs = ['nodes', 'credentials'];
	const graph = importGraph(root, dirs);
	const sources = new Map(
		[...graph.keys()].map((file): [string, string] => [
			file,
			readFileSync(join(root, file), 'utf8'),
		]),
	);
	return { graph, packages: packageImports(root, dirs), sources, names: filesUnder(root, 'nodes') };
}

/** Every file under `dir` of `root`, as a path relative to `root` with forward slashes. */
function filesUnder(root: string, dir: string): string[] {
	return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
