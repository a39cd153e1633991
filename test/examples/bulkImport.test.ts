/**
 * The bulk import example (examples/bulk-import-csv.json, docs/bulk-import.md) beyond its catalog check: the
 * CSV it holds is the one shipped next to it, a row with a problem stops the run before anything is written,
 * and the Extract From CSV stand-in reads what csv-parse reads.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IConnections, INode } from 'n8n-workflow';
// the catalog first: it loads the example modules, which use its helpers
import { EXAMPLES, Json, loadExample, sandboxApi } from '../../scripts/examples/catalog';
import { BULK_IMPORT_CSV, csvFileRows } from '../../scripts/examples/bulkImport';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { csvRows, parseCsv } from '../../scripts/examples/csvNodes';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';

const example = EXAMPLES.find((e) => e.file === 'bulk-import-csv.json')!;
const CSV_NODE = 'Posts as CSV Text';

function csvOf(workflow: ReturnType<typeof loadExample>): { value: string } {
	const node = workflow.nodes.find((n) => n.name === CSV_NODE)!;
	const { assignments } = node.parameters.assignments as { assignments: Array<{ value: string }> };
	return assignments[0];
}

describe('examples/bulk-import-csv.json', () => {
	test('holds the CSV shipped next to it, 100 rows with unique titles', () => {
		const shipped = readFileSync(join(__dirname, '..', '..', 'examples', BULK_IMPORT_CSV), 'utf8');
		expect(csvOf(loadExample(example)).value).toBe(shipped);
		const titles = csvFileRows().map((row) => row.title);
		expect(titles).toHaveLength(100);
		expect(new Set(titles).size).toBe(100);
	});

	test('leaves Request Options (Max Parallel Requests) at their default', () => {
		const ours = loadExample(example).nodes.filter((n) => n.type.endsWith('.socialPublishing'));
		expect(ours.map((n) => [n.name, n.parameters.requestOptions])).toEqual([
			['Validate Every Row', undefined],
			['Create Drafts in Next Free Slots', undefined],
		]);
	});

	describe('a row with a problem', () => {
		const fx = useSandbox();

		test('stops the run at Stop: Rows With Problems, naming the row, before any draft is written', async () => {
			const workflow = loadExample(example);
			const rows = csvFileRows();
			const long = `${'This sentence is far too long for one X post. '.repeat(7)}`.trim();
			const csv = csvOf(workflow);
			csv.value = csv.value.replace(`"${rows[36].text}"`, `"${long}"`);
			expect(csv.value).toContain(long);
			const result = await fx.run(
				{
					nodes: workflow.nodes as unknown as INode[],
					connections: workflow.connections as unknown as IConnections,
				},
				{ nodeTypes: buildNodeTypes(coreNodeStandIns()), workflowId: workflow.id },
			);
			expect(result.error?.message).toMatch(
				/^1 of 100 rows have problems, so no draft was created\. Row 37 \("Tip 037: questions"\): Parameter "Text" gives X post 1 a length of \d+ .*X takes at most 280\./,
			);
			const checked = result.output('Validate Every Row').map((item) => item.json as Json);
			expect(checked).toHaveLength(100);
			// nothing written: every row is checked against the slot that is free now, the same one
			const slots = new Set(checked.map((c) => (c.when as Json).date));
			expect([...slots]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/)]);
			expect(result.output('Create Drafts in Next Free Slots')).toHaveLength(0);
			const api = sandboxApi(fx.sandbox.baseUrl, fx.sandbox.keys.admin);
			const { status, body } = await api('GET', '/v2/social-sets/101/drafts?limit=50');
			expect(status).toBe(200);
			const titles = new Set(rows.map((row) => row.title));
			expect((body.results as Json[]).filter((d) => titles.has(String(d.draft_title)))).toEqual([]);
		});
	});
});

describe('the Extract From CSV stand-in', () => {
	test('reads quoted cells with commas, doubled quotes and line breaks, and CRLF records', () => {
		expect(parseCsv('a,b\r\n"x, ""y""","line 1\nline 2"\r\nlast,\n')).toEqual([
			['a', 'b'],
			['x, "y"', 'line 1\nline 2'],
			['last', ''],
		]);
	});

	test('keys rows by the header row and leaves empty cells out', () => {
		expect(csvRows('title,text,tag\nA,one,\nB,,t')).toEqual([
			{ title: 'A', text: 'one' },
			{ title: 'B', tag: 't' },
		]);
	});

	test('refuses a row of another length, an unclosed quote and a stray quote', () => {
		expect(() => csvRows('a,b\n1,2,3\n')).toThrow(
			'Invalid Record Length: columns length is 2, got 3 on line 2',
		);
		expect(() => parseCsv('a\n"open')).toThrow('Quote Not Closed');
		expect(() => parseCsv('a\nx"y')).toThrow('Invalid Opening Quote');
		expect(() => parseCsv('a\n"x"y')).toThrow('Invalid Closing Quote');
	});
});
