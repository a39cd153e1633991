import type { INodeParameters } from 'n8n-workflow';
import { interleave, medianCpu, medianWall, pairedRatio, timed, type Sample } from '../lib/measure';
import { byId, emptyItems, runNode, type Target } from '../lib/nodeRunner';
import { rawInFlight } from '../lib/parallel';
import { fetchJson, type RawRequest } from '../lib/raw';
import { count, median, ms, ratio, times } from '../lib/stats';
import type { BenchCase, CaseContext, Row } from '../lib/types';
import { CREATE_PARAMETERS, nodeRequestBody } from './createDraft';

const SOCIAL_SET = 101;
/** The node's default Max Parallel Requests: the raw client keeps as many requests in flight. */
export const DEFAULT_PARALLEL = 10;

/** Node parameters at the default Max Parallel Requests (the collection left empty) or at `bound`. */
export function withParallel(parameters: INodeParameters, bound?: number): INodeParameters {
	return {
		...parameters,
		requestOptions: bound === undefined ? {} : { maxParallelRequests: bound },
	};
}

/** What one case of items in flight runs: the node's parameters and the raw request it makes per item. */
interface Workload {
	parameters: INodeParameters;
	request: RawRequest;
	status: number;
}

interface ParallelSpec {
	id: string;
	title: string;
	/** What one item does, for the rows' names. */
	what: string;
	/** Default bound vs one at a time: at least this much faster. */
	minSpeedup: number;
	/** Default bound vs the raw client with as many requests in flight: at most this ratio (else information). */
	rawTarget?: number;
	/** Prepares the sandbox (fresh, no latency yet) and returns the workload. */
	prepare(context: CaseContext): Promise<Workload>;
}

interface Measured {
	samples: Record<'node' | 'raw', Sample[]>;
	serial: Sample[];
	failed: number;
	connections: Record<'node' | 'raw', number>;
}

async function measureParallel(context: CaseContext, work: Workload): Promise<Measured> {
	const { sandbox, config } = context;
	const target: Target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
	const items = config.parallelItems;
	const input = emptyItems(items);
	const parallel = withParallel(work.parameters);
	const serialParameters = withParallel(work.parameters, 1);
	// warm-up without latency: code loaded and compiled before anything is timed
	await runNode(target, parallel, emptyItems(100));
	await runNode(target, serialParameters, emptyItems(20));
	await rawInFlight(fetchJson, work.request, work.status, 100, DEFAULT_PARALLEL)();
	await sandbox.setFaults({ latencyMs: config.latencyMs });
	let failed = 0;
	const connections = { node: 0, raw: 0 };
	const samples = await interleave(
		[
			{
				name: 'node',
				setup: () => sandbox.clearRequests(),
				run: async () => {
					failed += (await runNode(target, parallel, input)).failed;
				},
				after: async () => {
					connections.node = (await sandbox.summary()).connections;
				},
			},
			{
				name: 'raw',
				setup: () => sandbox.clearRequests(),
				run: rawInFlight(fetchJson, work.request, work.status, items, DEFAULT_PARALLEL),
				after: async () => {
					connections.raw = (await sandbox.summary()).connections;
				},
			},
		],
		config.parallelRuns,
		0,
	);
	const serial: Sample[] = [];
	for (let i = 0; i < config.serialRuns; i++)
		serial.push(
			await timed(async () => {
				failed += (await runNode(target, serialParameters, input)).failed;
			}),
		);
	await sandbox.fresh(SOCIAL_SET);
	return { samples: samples as Measured['samples'], serial, failed, connections };
}

function parallelRows(context: CaseContext, spec: ParallelSpec, m: Measured): Row[] {
	const { config } = context;
	const items = config.parallelItems;
	const node = medianWall(m.samples.node);
	const raw = medianWall(m.samples.raw);
	const serial = median(m.serial.map((s) => s.wallMs));
	const speedup = ratio(serial, node);
	const rawRatio = ratio(node, raw);
	const name = `${count(items)} ${spec.what} items at ${config.latencyMs} ms sandbox latency, no rate limit`;
	const failedNote = m.failed ? `; ${m.failed} items failed` : '';
	const perItem = (value: number) => `${(value / items).toFixed(2)} ms/item`;
	context.log(`${spec.id}: node ${ms(node)}, one at a time ${ms(serial)}, raw ${ms(raw)}`);
	return [
		{
			case: name,
			measure: `wall time at Max Parallel Requests ${DEFAULT_PARALLEL} (the default) vs the same node at 1: how much faster`,
			result: `${times(speedup)} (${ms(node)}, median of ${m.samples.node.length}; at 1: ${ms(serial)}${failedNote})`,
			target: `≥ ${spec.minSpeedup.toFixed(2)}×`,
			met: speedup >= spec.minSpeedup && m.failed === 0,
		},
		{
			case: name,
			measure: `wall time at Max Parallel Requests ${DEFAULT_PARALLEL} vs a raw fetch client (keep-alive) with ${DEFAULT_PARALLEL} of the same requests in flight`,
			result: `${times(rawRatio)} (raw ${ms(raw)}; median of per-round ratios ${times(pairedRatio(m.samples.node, m.samples.raw))})`,
			target: spec.rawTarget === undefined ? 'info' : `≤ ${spec.rawTarget.toFixed(2)}×`,
			...(spec.rawTarget === undefined
				? {}
				: { met: rawRatio <= spec.rawTarget && m.failed === 0 }),
		},
		{
			case: name,
			measure:
				'CPU time of the client process; new TCP connections per run (the raw client keeps its warm-up connections)',
			result: `node ${perItem(medianCpu(m.samples.node))} at ${DEFAULT_PARALLEL}, ${perItem(median(m.serial.map((s) => s.cpuMs)))} at 1, raw ${perItem(medianCpu(m.samples.raw))}; connections: node ${count(m.connections.node)}, raw ${count(m.connections.raw)}`,
			target: 'info',
		},
	];
}

function parallelCase(spec: ParallelSpec): BenchCase {
	return {
		id: spec.id,
		title: spec.title,
		async run(context) {
			const work = await spec.prepare(context);
			return parallelRows(context, spec, await measureParallel(context, work));
		},
	};
}

/** Create Draft, items in flight together: against one at a time and against a raw client as parallel. */
export const parallelCreate = parallelCase({
	id: 'parallelCreate',
	title: 'Create Draft, items in flight together',
	what: 'Create Draft',
	minSpeedup: 4,
	rawTarget: 1.25,
	async prepare(context) {
		const { sandbox } = context;
		const body = await nodeRequestBody(context);
		const url = `${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts`;
		return {
			parameters: CREATE_PARAMETERS,
			request: { method: 'POST', url, apiKey: sandbox.keys.admin, body },
			status: 201,
		};
	},
});

/** Draft > Get by id, items in flight together: against one at a time (the raw client is information). */
export const parallelGet = parallelCase({
	id: 'parallelGet',
	title: 'Draft > Get by id, items in flight together',
	what: 'Draft > Get by id',
	minSpeedup: 6,
	async prepare(context) {
		const { sandbox } = context;
		await sandbox.fresh(SOCIAL_SET);
		const created = await fetchJson({
			method: 'POST',
			url: `${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts`,
			apiKey: sandbox.keys.admin,
			body: { platforms: { x: { enabled: true, posts: [{ text: 'Read back' }], settings: {} } } },
		});
		const id = String((created.json as { id?: unknown }).id);
		return {
			parameters: {
				resource: 'draft',
				operation: 'get',
				socialSetId: byId(SOCIAL_SET),
				draftId: id,
			},
			request: {
				method: 'GET',
				url: `${sandbox.baseUrl}/v2/social-sets/${SOCIAL_SET}/drafts/${id}`,
				apiKey: sandbox.keys.admin,
			},
			status: 200,
		};
	},
});
