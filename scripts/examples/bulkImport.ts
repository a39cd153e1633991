/**
 * The bulk import example (examples/bulk-import-csv.json, docs/bulk-import.md): a CSV of 100 posts read by
 * Extract from File, every row checked with Validate Only, then one draft per row into the next free queue
 * slots, the slots taken in row order while the rows are sent together.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { REPO_ROOT } from '../lib/pack';
import type { Example, Json, OutputOf, SandboxApi } from './catalog';
import { ensure } from './catalog';
import { csvRows } from './csvNodes';

const SET = 101;
/** The CSV the example's Set node holds, shipped next to it for users to import with their own file node. */
export const BULK_IMPORT_CSV = 'bulk-import.csv';
const ROWS = 100;

/** The rows of examples/bulk-import.csv, in file order. */
export function csvFileRows(): Array<{ title: string; text: string }> {
	const text = readFileSync(join(REPO_ROOT, 'examples', BULK_IMPORT_CSV), 'utf8');
	return csvRows(text) as Array<{ title: string; text: string }>;
}

const titlesOf = (items: Json[], field: string) => items.map((item) => String(item[field]));

/** Whether each date is later than the one before it. */
function rising(dates: string[]): boolean {
	return dates.every((date, i) => i === 0 || Date.parse(dates[i - 1]) < Date.parse(date));
}

function checkRows(out: OutputOf): string[] {
	const expected = csvFileRows().map((row) => row.title);
	const rows = out('One Item per Row');
	ensure(
		rows.length === ROWS,
		`"One Item per Row" should put out ${ROWS} rows, got ${rows.length}`,
	);
	ensure(
		JSON.stringify(titlesOf(rows, 'title')) === JSON.stringify(expected),
		'the rows should be the CSV rows, in file order',
	);
	ensure(
		rows.some((row) => String(row.text).includes('"Post less, but better,"')),
		'a quoted cell with commas and doubled quotes should be read as one text',
	);
	const checked = out('Validate Every Row');
	ensure(
		checked.length === ROWS && checked.every((c) => c.validate_only === true && c.valid === true),
		`every row should be checked with Validate Only and pass, got ${checked.filter((c) => c.valid !== true).length} failing of ${checked.length}`,
	);
	return expected;
}

/** The scheduled drafts of the set, earliest slot first (pages of 50, the most the API gives). */
async function scheduledDrafts(api: SandboxApi): Promise<Json[]> {
	const all: Json[] = [];
	for (let offset = 0; ; offset += 50) {
		const { status, body } = await api(
			'GET',
			`/v2/social-sets/${SET}/drafts?status=scheduled&order_by=scheduled_date&limit=50&offset=${offset}`,
		);
		ensure(status === 200, `listing the scheduled drafts answered ${status}`);
		const page = (body.results ?? []) as Json[];
		all.push(...page);
		if (!body.next || page.length === 0) return all;
	}
}

export const bulkImportExample: Example = {
	file: 'bulk-import-csv.json',
	title:
		'Bulk import: a CSV of 100 posts (Extract from File), every row checked with Validate Only, then 100 drafts into the next free queue slots in row order',
	check(out) {
		const expected = checkRows(out);
		const created = out('Create Drafts in Next Free Slots');
		ensure(created.length === ROWS, `${ROWS} drafts should be created, got ${created.length}`);
		ensure(
			JSON.stringify(titlesOf(created, 'draft_title')) === JSON.stringify(expected),
			'the drafts should be the rows, each once, in row order',
		);
		ensure(
			created.every((draft) => draft.status === 'scheduled'),
			`every draft should be scheduled, got ${JSON.stringify([...new Set(created.map((d) => d.status))])}`,
		);
		const dates = titlesOf(created, 'scheduled_date');
		ensure(rising(dates), 'the queue slots should follow the row order, each later than the last');
		ensure(new Set(created.map((d) => d.id)).size === ROWS, 'each draft should have its own id');
		return [
			`${ROWS} rows read from the CSV, ${ROWS} passed Validate Only`,
			`${ROWS} drafts scheduled in row order: ${String(created[0].draft_title)} at ${dates[0]} ... ${String(created[ROWS - 1].draft_title)} at ${dates[ROWS - 1]}`,
		];
	},
	async sandboxCheck(_out, api) {
		const expected = csvFileRows().map((row) => row.title);
		const wanted = new Set(expected);
		const ours = (await scheduledDrafts(api)).filter((d) => wanted.has(String(d.draft_title)));
		ensure(
			JSON.stringify(titlesOf(ours, 'draft_title')) === JSON.stringify(expected),
			`the service should hold each row once, its slots in row order; holds ${ours.length} drafts of the rows`,
		);
		return [`the service holds ${ours.length} drafts, one per row, their slots in row order`];
	},
};
