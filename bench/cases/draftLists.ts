import type { INodeParameters } from 'n8n-workflow';
import { interleave, medianWall, pairedRatio } from '../lib/measure';
import { byId, runNode } from '../lib/nodeRunner';
import { expectStatus, fetchJson, n8nHelperJson } from '../lib/raw';
import type { RawClient } from '../lib/raw';
import { count, ms, ratio, times } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const SOCIAL_SET = 101;
/** Against a paging loop on n8n's own HTTP helper: the floor for any community node. */
const TARGET = 1.05;

function getManyParameters(limit?: number): INodeParameters {
	const base: INodeParameters = {
		resource: 'draft',
		operation: 'getMany',
		socialSetId: byId(SOCIAL_SET),
	};
	return limit === undefined ? { ...base, returnAll: true } : { ...base, returnAll: false, limit };
}

interface Page {
	results?: unknown[];
	next?: string | null;
}

/**
 * A paging loop written by hand: pages of `pageSize` until `next` is null, with raw fetch or with n8n's
 * own HTTP helper. Returns the number of drafts read.
 */
async function rawPaging(
	baseUrl: string,
	apiKey: string,
	pageSize: number,
	maxPages = Infinity,
	client: RawClient = fetchJson,
): Promise<number> {
	let offset = 0;
	let read = 0;
	for (let pages = 1; ; pages++) {
		const url = `${baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts?limit=${pageSize}&offset=${offset}`;
		const response = await client({ method: 'GET', url, apiKey });
		expectStatus(response, 200, 'raw list drafts');
		const page = response.json as Page;
		const results = page.results ?? [];
		read += results.length;
		offset += results.length;
		if (!page.next || results.length === 0 || pages >= maxPages) return read;
	}
}

export const returnAll: BenchCase = {
	id: 'returnAll',
	title: 'Draft Get Many, Return All',
	async run(context) {
		const { sandbox, config } = context;
		const total = config.drafts;
		const expectedRequests = Math.ceil(total / config.pageSize);
		await sandbox.fresh(SOCIAL_SET);
		await sandbox.seedDrafts(total, SOCIAL_SET);
		context.log(`returnAll: seeded ${count(total)} drafts`);
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		const read = { node: 0, helper: 0, fetch: 0 };
		// Warm-up on 20 pages instead of a whole dropped round: a full round at 10,000 drafts costs the sandbox seconds.
		const warmPages = Math.min(20, expectedRequests);
		await runNode(target, getManyParameters(warmPages * config.pageSize));
		await rawPaging(sandbox.baseUrl, target.apiKey, config.pageSize, warmPages);
		await rawPaging(sandbox.baseUrl, target.apiKey, config.pageSize, warmPages, n8nHelperJson);
		const samples = await interleave(
			[
				{
					name: 'node',
					run: async () => {
						read.node = (await runNode(target, getManyParameters())).items.length;
					},
				},
				{
					name: 'helper',
					run: async () => {
						read.helper = await rawPaging(
							sandbox.baseUrl,
							target.apiKey,
							config.pageSize,
							Infinity,
							n8nHelperJson,
						);
					},
				},
				{
					name: 'fetch',
					run: async () => {
						read.fetch = await rawPaging(sandbox.baseUrl, target.apiKey, config.pageSize);
					},
				},
			],
			config.listRuns,
			0,
		);
		await sandbox.clearRequests();
		const items = (await runNode(target, getManyParameters())).items.length;
		const summary = await sandbox.summary();
		const node = medianWall(samples.node);
		const helper = medianWall(samples.helper);
		const raw = medianWall(samples.fetch);
		const r = ratio(node, helper);
		const name = `Return All over ${count(total)} drafts`;
		const limits = new Set(summary.listQueries.map((q) => q.query.limit?.join(',')));
		return [
			{
				case: name,
				measure: `requests made (${count(items)} drafts returned)`,
				result: `${count(summary.total)} requests, limit=${[...limits].join('/')}`,
				target: `exactly ${count(expectedRequests)} requests`,
				met: summary.total === expectedRequests && items === total,
			},
			{
				case: name,
				measure: "wall time vs a paging loop on n8n's own HTTP helper",
				result: `${times(r)} (node ${ms(node)}, helper ${ms(helper)}; median of per-round ratios ${times(pairedRatio(samples.node, samples.helper))})`,
				target: `≤ ${TARGET.toFixed(2)}×`,
				met: r <= TARGET && read.node === total && read.helper === total,
			},
			{
				case: name,
				measure: 'wall time vs a raw fetch paging loop (keep-alive; information)',
				result: `${times(ratio(node, raw))} (node ${ms(node)}, fetch ${ms(raw)}; median of per-round ratios ${times(pairedRatio(samples.node, samples.fetch))}; ${read.fetch === total ? 'every draft read' : `read ${count(read.fetch)}`})`,
				target: 'information',
			},
		] satisfies Row[];
	},
};

export const getManyLimit: BenchCase = {
	id: 'getManyLimit',
	title: 'Draft Get Many with a limit',
	async run(context) {
		const { sandbox, config } = context;
		const limit = config.getManyLimit;
		await sandbox.fresh(SOCIAL_SET);
		await sandbox.seedDrafts(Math.max(limit * 3, 60), SOCIAL_SET);
		const outcome = await runNode(
			{ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin },
			getManyParameters(limit),
		);
		const summary = await sandbox.summary();
		const queries = summary.listQueries.map((q) =>
			new URLSearchParams(
				Object.entries(q.query).flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v])),
			).toString(),
		);
		return [
			{
				case: `Get Many with Limit ${limit}`,
				measure: `requests made (${outcome.items.length} drafts returned)`,
				result: `${summary.total} request${summary.total === 1 ? '' : 's'}: ${queries.join('; ')}`,
				target: `1 request with limit=${limit}`,
				met:
					summary.total === 1 &&
					summary.listQueries[0]?.query.limit?.[0] === String(limit) &&
					outcome.items.length === limit,
			},
		] satisfies Row[];
	},
};
