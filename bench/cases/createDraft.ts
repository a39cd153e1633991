import type { INodeParameters } from 'n8n-workflow';
import { interleave, medianCpu, medianWall } from '../lib/measure';
import { byId, emptyItems, runNode } from '../lib/nodeRunner';
import { closeJson, expectStatus, fetchJson, type RawClient } from '../lib/raw';
import { count, ms, ratio, times } from '../lib/stats';
import type { BenchCase, CaseContext, Row } from '../lib/types';

const SOCIAL_SET = 101;
const TARGET = 1.25;

export const CREATE_PARAMETERS: INodeParameters = {
	resource: 'draft',
	operation: 'create',
	socialSetId: byId(SOCIAL_SET),
	contentType: 'posts',
	platforms: ['x'],
	contentMode: 'text',
	text: 'Benchmark post: one item, one draft',
};

/** Runs the node once on one item and returns the body the sandbox received: the raw loops send exactly that. */
export async function nodeRequestBody(context: CaseContext): Promise<unknown> {
	const { sandbox } = context;
	await sandbox.fresh(SOCIAL_SET);
	const outcome = await runNode({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin }, CREATE_PARAMETERS, emptyItems(1));
	if (outcome.failed) throw new Error(`Create Draft failed: ${JSON.stringify(outcome.items[0].json).slice(0, 300)}`);
	const summary = await sandbox.summary();
	if (summary.firstBody === undefined) throw new Error('The sandbox recorded no request body');
	return summary.firstBody;
}

export function rawCreateLoop(client: RawClient, baseUrl: string, apiKey: string, body: unknown, items: number): () => Promise<void> {
	const url = `${baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts`;
	return async () => {
		for (let i = 0; i < items; i++) {
			expectStatus(await client({ method: 'POST', url, apiKey, body }), 201, 'raw Create Draft');
		}
	};
}

export const createDraft: BenchCase = {
	id: 'create',
	title: 'Create Draft',
	async run(context) {
		const { sandbox, config } = context;
		const items = config.createItems;
		const body = await nodeRequestBody(context);
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		let failed = 0;
		const input = emptyItems(items);
		const samples = await interleave(
			[
				{
					name: 'node',
					setup: () => sandbox.fresh(SOCIAL_SET),
					run: async () => {
						failed += (await runNode(target, CREATE_PARAMETERS, input)).failed;
					},
				},
				{ name: 'fetch', setup: () => sandbox.fresh(SOCIAL_SET), run: rawCreateLoop(fetchJson, sandbox.baseUrl, target.apiKey, body, items) },
				{ name: 'close', setup: () => sandbox.fresh(SOCIAL_SET), run: rawCreateLoop(closeJson, sandbox.baseUrl, target.apiKey, body, items) },
			],
			config.runs,
		);
		await sandbox.fresh(SOCIAL_SET);
		await runNode(target, CREATE_PARAMETERS, emptyItems(Math.min(items, 20)));
		const summary = await sandbox.summary();
		const node = medianWall(samples.node);
		const fetchWall = medianWall(samples.fetch);
		const closeWall = medianWall(samples.close);
		const r = ratio(node, fetchWall);
		const name = `${count(items)} items through Create Draft`;
		context.log(`create: node ${ms(node)}, fetch ${ms(fetchWall)}, close ${ms(closeWall)}; connection headers ${JSON.stringify(summary.connectionHeaders)}`);
		return [
			{
				case: name,
				measure: `wall time vs a raw fetch loop (keep-alive) making the same ${count(items)} POSTs`,
				result: `${times(r)} (node ${ms(node)}, fetch ${ms(fetchWall)}${failed ? `, ${failed} items failed` : ''})`,
				target: `≤ ${TARGET.toFixed(2)}×`,
				met: r <= TARGET && failed === 0,
			},
			{
				case: name,
				measure: 'wall time vs raw node:http loop, Connection: close (new TCP connection per POST)',
				result: `${times(ratio(node, closeWall))} (raw close ${ms(closeWall)}; close/fetch ${times(ratio(closeWall, fetchWall))})`,
				target: 'info',
			},
			{
				case: name,
				measure: 'client CPU time vs raw fetch loop',
				result: `${times(ratio(medianCpu(samples.node), medianCpu(samples.fetch)))} (node ${ms(medianCpu(samples.node))}, fetch ${ms(medianCpu(samples.fetch))})`,
				target: 'info',
			},
			{
				case: name,
				measure: 'Connection header the sandbox received from the node',
				result: Object.entries(summary.connectionHeaders).map(([v, n]) => `${v} ×${n}`).join(', '),
				target: 'info',
			},
		] satisfies Row[];
	},
};
