/**
 * What n8n did with the burst, read from its PostgreSQL database (the executions and their run data)
 * and from the worker's log (which process ran each execution).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { installDir, N8nInstall } from '../installs';
import { waitFor } from '../../lib/processes';
import { Postgres, psql } from './services';

export interface StoredExecution {
	id: string;
	status: string;
	mode: string;
	startedAt: string | null;
	stoppedAt: string | null;
	/** Draft id and delivery timestamp the trigger put out, when the trigger passed an item on. */
	draftId?: number;
	timestamp?: string;
	/** Items the trigger node put out in this execution. */
	triggerItems: number;
	/** The draft id the workflow's last node put out (`draft_id`), when the run got that far. */
	endDraftId?: number;
}

const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The executions of one workflow after execution `afterId` (all of them with 0), as SQL. */
const ofWorkflow = (workflowId: string, afterId: number, alias = '') =>
	`${alias}"workflowId" = ${sqlString(workflowId)} and ${alias}id > ${Math.floor(afterId)}`;

/** The id of the workflow's latest execution, 0 when it has none: a burst's executions are the ones after it. */
export async function latestExecutionId(pg: Postgres, workflowId: string): Promise<number> {
	return Number(
		await psql(
			pg,
			`select coalesce(max(id), 0) from execution_entity where "workflowId" = ${sqlString(workflowId)}`,
		),
	);
}

/** Empties a workflow's static data (the trigger's replay memory), so that each burst starts alike. */
export async function clearStaticData(pg: Postgres, workflowId: string): Promise<void> {
	await psql(
		pg,
		`update workflow_entity set "staticData" = null where id = ${sqlString(workflowId)}`,
	);
}

/** Executions of one workflow (after `afterId`) that are not finished yet (new, running, waiting). */
export async function unfinishedCount(
	pg: Postgres,
	workflowId: string,
	afterId = 0,
): Promise<{ total: number; unfinished: number }> {
	const out = await psql(
		pg,
		`select count(*) || ',' || count(*) filter (where status in ('new', 'running', 'waiting')) from execution_entity where ${ofWorkflow(workflowId, afterId)}`,
	);
	const [total, unfinished] = out.split(',').map(Number);
	return { total, unfinished };
}

/** Waits until the number of executions (after `afterId`) stops changing and none is unfinished. */
export async function waitForExecutionsToSettle(
	pg: Postgres,
	workflowId: string,
	timeoutMs: number,
	afterId = 0,
): Promise<{ total: number; settledAt: number }> {
	let last = -1;
	let stableSince = Date.now();
	const byStatus = async () =>
		psql(
			pg,
			`select coalesce(string_agg(status || ' ' || n, ', '), 'none') from (select status, count(*) as n from execution_entity where ${ofWorkflow(workflowId, afterId)} group by status) s`,
		);
	return await waitFor(
		'the executions to finish',
		async () => {
			const { total, unfinished } = await unfinishedCount(pg, workflowId, afterId);
			if (total !== last) {
				last = total;
				stableSince = Date.now();
				return undefined;
			}
			return unfinished === 0 && Date.now() - stableSince >= 3000
				? { total, settledAt: stableSince }
				: undefined;
		},
		timeoutMs,
		500,
	).catch(async (error: Error) => {
		throw new Error(
			`${error.message}; executions by status: ${await byStatus().catch(() => 'unknown')}`,
		);
	});
}

interface Row {
	id: string;
	status: string;
	mode: string;
	startedAt: string | null;
	stoppedAt: string | null;
	data: string;
}

interface RunData {
	resultData?: {
		runData?: Record<
			string,
			Array<{
				data?: {
					main?: Array<Array<{
						json: {
							timestamp?: string;
							draft?: { id?: number };
							data?: { id?: number };
							draft_id?: number;
						};
					}> | null>;
				};
			}>
		>;
	};
}

/**
 * Every execution of the workflow (after `afterId`) with what its trigger node and its last node put
 * out (run data parsed with n8n's own copy of flatted).
 */
export async function readExecutions(
	pg: Postgres,
	install: N8nInstall,
	workflowId: string,
	triggerNode: string,
	endNode: string,
	afterId = 0,
): Promise<StoredExecution[]> {
	const json = await psql(
		pg,
		`select coalesce(json_agg(json_build_object('id', e.id::text, 'status', e.status, 'mode', e.mode, 'startedAt', e."startedAt", 'stoppedAt', e."stoppedAt", 'data', d.data) order by e.id), '[]') from execution_entity e left join execution_data d on d."executionId" = e.id where ${ofWorkflow(workflowId, afterId, 'e.')}`,
	);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(join(installDir(install), 'node_modules', 'flatted')) as {
		parse(text: string): RunData;
	};
	return (JSON.parse(json) as Row[]).map((row) => {
		const parsed = row.data ? flatted.parse(row.data) : {};
		const itemsOf = (node: string) => {
			const runs = parsed.resultData?.runData?.[node] ?? [];
			return runs.length ? (runs[runs.length - 1].data?.main?.[0] ?? []) : [];
		};
		const items = itemsOf(triggerNode);
		const first = items[0]?.json;
		const end = itemsOf(endNode)[0]?.json;
		return {
			id: row.id,
			status: row.status,
			mode: row.mode,
			startedAt: row.startedAt,
			stoppedAt: row.stoppedAt,
			triggerItems: items.length,
			draftId: first ? Number(first.draft?.id ?? first.data?.id) : undefined,
			timestamp: first?.timestamp,
			endDraftId: end?.draft_id === undefined ? undefined : Number(end.draft_id),
		};
	});
}

/** Execution ids a process's log says it started and finished ("Worker started execution 12 (job 12)"). */
export function executionsInLog(logFile: string): { started: Set<string>; finished: Set<string> } {
	const text = readFileSync(logFile, 'utf8');
	const ids = (pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1]));
	return {
		started: ids(/Worker started execution (\d+)/g),
		finished: ids(/Worker finished execution (\d+)/g),
	};
}
