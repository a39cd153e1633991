import type { INodeParameters } from 'n8n-workflow';
import { interleave, medianCpu, medianWall, pairedRatio, type Variant } from '../lib/measure';
import { byId, emptyItems, runNode } from '../lib/nodeRunner';
import {
	closeJson,
	expectStatus,
	fetchCloseJson,
	fetchJson,
	n8nHelperJson,
	type RawClient,
} from '../lib/raw';
import type { RequestSummary } from '../lib/sandboxProtocol';
import { count, ms, ratio, times } from '../lib/stats';
import type { BenchCase, CaseContext, Row } from '../lib/types';

const SOCIAL_SET = 101;
/**
 * Target: the node within 1.05× of a loop calling n8n's own HTTP helper, the floor for a community node
 * (every request must go through that helper). The ratios to raw keep-alive clients are information.
 */
const TARGET = 1.05;

/**
 * One item after the other (Max Parallel Requests 1; the node's default is 10): this case and the rate-limit
 * case compare the node with loops that send one request at a time. Items in flight together are measured by
 * the parallel cases (parallelItems.ts, parallelRate.ts, parallelMedia.ts).
 */
export const CREATE_PARAMETERS: INodeParameters = {
	resource: 'draft',
	operation: 'create',
	socialSetId: byId(SOCIAL_SET),
	contentType: 'posts',
	platforms: ['x'],
	contentMode: 'text',
	text: 'Benchmark post: one item, one draft',
	requestOptions: { maxParallelRequests: 1 },
};

/** Runs the node once on one item and returns the body the sandbox received: the raw loops send exactly that. */
export async function nodeRequestBody(context: CaseContext): Promise<unknown> {
	const { sandbox } = context;
	await sandbox.fresh(SOCIAL_SET);
	const outcome = await runNode(
		{ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin },
		CREATE_PARAMETERS,
		emptyItems(1),
	);
	if (outcome.failed)
		throw new Error(`Create Draft failed: ${JSON.stringify(outcome.items[0].json).slice(0, 300)}`);
	const summary = await sandbox.summary();
	if (summary.firstBody === undefined) throw new Error('The sandbox recorded no request body');
	return summary.firstBody;
}

export function rawCreateLoop(
	client: RawClient,
	baseUrl: string,
	apiKey: string,
	body: unknown,
	items: number,
): () => Promise<void> {
	const url = `${baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts`;
	return async () => {
		for (let i = 0; i < items; i++) {
			expectStatus(await client({ method: 'POST', url, apiKey, body }), 201, 'raw Create Draft');
		}
	};
}

function describeConnections(summary: RequestSummary | undefined): string {
	if (!summary) return 'n/a';
	const headers = Object.entries(summary.connectionHeaders)
		.map(([value, n]) => `"${value}" ×${n}`)
		.join(', ');
	return `${count(summary.connections)} TCP connections for ${count(summary.total)} requests (Connection: ${headers})`;
}

export const createDraft: BenchCase = {
	id: 'create',
	title: 'Create Draft',
	async run(context) {
		const { sandbox, config } = context;
		const items = config.createItems;
		const body = await nodeRequestBody(context);
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		const input = emptyItems(items);
		let failed = 0;
		const seen: Record<string, RequestSummary> = {};
		const variant = (name: string, run: () => Promise<void>): Variant => ({
			name,
			setup: () => sandbox.fresh(SOCIAL_SET),
			run,
			after: async () => {
				seen[name] = await sandbox.summary();
			},
		});
		const samples = await interleave(
			[
				variant('node', async () => {
					failed += (await runNode(target, CREATE_PARAMETERS, input)).failed;
				}),
				variant('fetch', rawCreateLoop(fetchJson, sandbox.baseUrl, target.apiKey, body, items)),
				variant(
					'fetchClose',
					rawCreateLoop(fetchCloseJson, sandbox.baseUrl, target.apiKey, body, items),
				),
				variant('close', rawCreateLoop(closeJson, sandbox.baseUrl, target.apiKey, body, items)),
				variant(
					'helper',
					rawCreateLoop(n8nHelperJson, sandbox.baseUrl, target.apiKey, body, items),
				),
			],
			config.runs,
			config.warmupRounds,
		);
		const names = ['node', 'fetch', 'fetchClose', 'close', 'helper'] as const;
		const wall = Object.fromEntries(names.map((n) => [n, medianWall(samples[n])])) as Record<
			(typeof names)[number],
			number
		>;
		const cpu = Object.fromEntries(names.map((n) => [n, medianCpu(samples[n])])) as Record<
			(typeof names)[number],
			number
		>;
		const paired = pairedRatio(samples.node, samples.fetch);
		const r = ratio(wall.node, wall.fetch);
		const helperRatio = ratio(wall.node, wall.helper);
		const pairedHelper = pairedRatio(samples.node, samples.helper);
		const name = `${count(items)} items through Create Draft`;
		context.log(`create: wall ${JSON.stringify(wall)}; cpu ${JSON.stringify(cpu)}`);
		const perItem = (value: number) => `${(value / items).toFixed(2)} ms/item`;
		return [
			{
				case: name,
				measure:
					"wall time vs a loop calling n8n's HTTP helper directly (same options as the node's transport; no engine, no node)",
				result: `${times(helperRatio)} (node ${ms(wall.node)}, helper ${ms(wall.helper)}; median of per-round ratios ${times(pairedHelper)}${failed ? `; ${failed} items failed` : ''})`,
				target: `≤ ${TARGET.toFixed(2)}×`,
				met: helperRatio <= TARGET && failed === 0,
			},
			{
				case: name,
				measure: `wall time vs a raw fetch loop (keep-alive) making the same ${count(items)} POSTs`,
				result: `${times(r)} (fetch ${ms(wall.fetch)}; median of per-round ratios ${times(paired)}; helper vs fetch ${times(ratio(wall.helper, wall.fetch))})`,
				target: 'info',
			},
			{
				case: name,
				measure:
					'wall time vs the same fetch loop with Connection: close (a new TCP connection per POST, as n8n sends)',
				result: `${times(ratio(wall.node, wall.fetchClose))} (fetch close ${ms(wall.fetchClose)}: keep-alive saves ${times(ratio(wall.fetchClose, wall.fetch))})`,
				target: 'info',
			},
			{
				case: name,
				measure: 'wall time vs a bare node:http loop with Connection: close (the leanest client)',
				result: `${times(ratio(wall.node, wall.close))} (http close ${ms(wall.close)})`,
				target: 'info',
			},
			{
				case: name,
				measure: "n8n's HTTP helper loop vs the fetch loop with Connection: close",
				result: `${times(ratio(wall.helper, wall.fetchClose))}`,
				target: 'info',
			},
			{
				case: name,
				measure: 'CPU time of the client process',
				result: `node ${perItem(cpu.node)}, n8n helper ${perItem(cpu.helper)}, fetch ${perItem(cpu.fetch)}, fetch close ${perItem(cpu.fetchClose)}, http close ${perItem(cpu.close)}`,
				target: 'info',
			},
			{
				case: name,
				measure: 'connections, node',
				result: describeConnections(seen.node),
				target: 'info',
			},
			{
				case: name,
				measure: 'connections, raw fetch',
				result: describeConnections(seen.fetch),
				target: 'info',
			},
		] satisfies Row[];
	},
};
