/**
 * The PostgreSQL example (examples/analytics-rows-to-postgres.json) runs in real n8n only, in the queue-mode
 * end-to-end test. Here: its Postgres nodes upsert on `key` into the tables of examples/analytics-rows-tables.sql,
 * their saved columns are the tables' columns, and the rows its Social Publishing nodes put out (run through
 * n8n-core against the sandbox, without the Postgres nodes) have exactly those columns.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IConnections, INode } from 'n8n-workflow';
import {
	ANALYTICS_TABLES_SQL,
	EXAMPLES,
	POSTGRES_CREDENTIAL_ID,
	loadExample,
} from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const example = EXAMPLES.find((e) => e.file === 'analytics-rows-to-postgres.json');
const workflow = example && loadExample(example);
const sql = readFileSync(join(__dirname, '..', '..', 'examples', ANALYTICS_TABLES_SQL), 'utf8');

/** Each table of the SQL file: its columns, and which are NOT NULL. */
function tables(text: string): Map<string, Array<{ name: string; notNull: boolean }>> {
	const found = new Map<string, Array<{ name: string; notNull: boolean }>>();
	for (const [, table, body] of text.matchAll(/create table if not exists (\w+) \(([^;]*)\);/g)) {
		found.set(
			table,
			body
				.split('\n')
				.map((line) => line.trim().replace(/,$/, ''))
				.filter(Boolean)
				.map((line) => ({
					name: line.split(' ')[0],
					notNull: / not null| primary key/.test(line),
				})),
		);
	}
	return found;
}

type Columns = {
	mappingMode: string;
	matchingColumns: string[];
	schema: Array<{ id: string; required: boolean; canBeUsedToMatch: boolean }>;
};

const upserts = () =>
	(workflow?.nodes ?? []).filter((node) => node.type === 'n8n-nodes-base.postgres');
const tableOf = (node: INode | { parameters: Record<string, unknown> }) =>
	(node.parameters.table as { value: string }).value;

describe('examples/analytics-rows-to-postgres.json', () => {
	test('is catalogued as an example for PostgreSQL, left to the queue-mode end-to-end test', () => {
		expect(example?.postgres).toBe(true);
		expect(example?.trigger || example?.poll || example?.redis).toBeFalsy();
	});

	test('two Postgres upserts (node version 2.6) on the key column, auto-mapped, with the example credential', () => {
		expect(upserts().map((node) => [node.name, tableOf(node)])).toEqual([
			['Upsert Post Rows', 'social_post_metrics'],
			['Upsert Follower Rows', 'social_follower_counts'],
		]);
		for (const node of upserts()) {
			expect(node.typeVersion).toBe(2.6);
			expect(node.parameters.operation).toBe('upsert');
			expect(node.credentials?.postgres?.id).toBe(POSTGRES_CREDENTIAL_ID);
			const columns = node.parameters.columns as Columns;
			expect(columns.mappingMode).toBe('autoMapInputData');
			expect(columns.matchingColumns).toEqual(['key']);
		}
	});

	test('the saved columns of each upsert are its table in the SQL file, in order; only key can be matched on', () => {
		const sqlTables = tables(sql);
		expect([...sqlTables.keys()]).toEqual(['social_post_metrics', 'social_follower_counts']);
		for (const node of upserts()) {
			const columns = (node.parameters.columns as Columns).schema;
			const table = sqlTables.get(tableOf(node)) ?? [];
			expect(columns.map((c) => c.id)).toEqual(table.map((c) => c.name));
			expect(columns.map((c) => c.required)).toEqual(table.map((c) => c.notNull));
			expect(columns.filter((c) => c.canBeUsedToMatch).map((c) => c.id)).toEqual(['key']);
		}
	});

	test('a Schedule Trigger (every day at 06:00) and a Manual Trigger both start both branches', () => {
		const schedule = workflow?.nodes.find((n) => n.type === 'n8n-nodes-base.scheduleTrigger');
		expect(schedule?.parameters).toEqual({ rule: { interval: [{ triggerAtHour: 6 }] } });
		const manual = workflow?.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
		const targets = (name: string) =>
			(
				(workflow?.connections as Record<string, { main: Array<Array<{ node: string }>> }>)[name]
					?.main[0] ?? []
			).map((c) => c.node);
		const branches = ['Post Rows of the Last 30 Days', 'Follower Rows of the Last 30 Days'];
		expect(targets(String(schedule?.name))).toEqual(branches);
		expect(targets(String(manual?.name))).toEqual(branches);
	});

	describe('its Social Publishing nodes through n8n-core against the sandbox', () => {
		const fx = useSandbox();

		test('put out rows whose fields are exactly the columns of the tables', async () => {
			const manual = workflow?.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
			const kept = (workflow?.nodes ?? []).filter(
				(node) =>
					!['n8n-nodes-base.postgres', 'n8n-nodes-base.scheduleTrigger'].includes(node.type),
			);
			const result = await fx.run(
				{
					nodes: kept as unknown as INode[],
					// from the Manual Trigger to the two Social Publishing nodes, nothing after them
					connections: {
						[String(manual?.name)]: (workflow?.connections as IConnections)[String(manual?.name)],
					},
				},
				{ nodeTypes: buildNodeTypes(coreNodeStandIns()), workflowId: workflow?.id },
			);
			expect(result.error?.message).toBeUndefined();
			const sqlTables = tables(sql);
			const columnsOf = (table: string) => (sqlTables.get(table) ?? []).map((c) => c.name);
			for (const [node, table] of [
				['Post Rows of the Last 30 Days', 'social_post_metrics'],
				['Follower Rows of the Last 30 Days', 'social_follower_counts'],
			]) {
				const rows = result.output(node).map((item) => item.json);
				expect(rows.length).toBeGreaterThan(0);
				for (const row of rows) expect(Object.keys(row)).toEqual(columnsOf(table));
				for (const column of (sqlTables.get(table) ?? []).filter((c) => c.notNull))
					expect(rows.every((row) => row[column.name] !== null)).toBe(true);
			}
		});
	});
});
