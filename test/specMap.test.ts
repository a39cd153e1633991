import { readFileSync } from 'fs';
import { join } from 'path';
import { referenceProblem, tableCells as cells } from './specTitles';

/**
 * test/SPEC-MAP.md maps every row of the specification's Endpoints, States and transitions, Errors and Limits
 * tables, and every line of "Rules on platform content", to the sandbox and node tests that check it.
 * This keeps the map true: every named test exists, and every row names a test or says why none does.
 */
interface Row {
	section: string;
	spec: string;
	sandbox: string[];
	node: string[];
}

function readMap(): Row[] {
	const rows: Row[] = [];
	let section = '';
	for (const line of readFileSync(join(__dirname, 'SPEC-MAP.md'), 'utf8').split('\n')) {
		if (line.startsWith('## ')) section = line.slice(3).trim();
		if (!line.startsWith('| ') || line.startsWith('| Specification ')) continue;
		const [spec, sandbox, node] = cells(line);
		rows.push({ section, spec, sandbox: sandbox.split('<br>'), node: node.split('<br>') });
	}
	return rows;
}

const titles = new Map<string, Set<string>>();

/** The problem with one entry of a cell, or undefined when it names an existing test or says why there is none. */
function entryProblem(entry: string): string | undefined {
	if (/^none( for [^:]+)?: \S/.test(entry)) return undefined;
	const problem = referenceProblem(entry, __dirname, 'tests', titles);
	return problem?.endsWith('is not "path: title"')
		? `"${entry}" is neither "path: title" nor "none: reason"`
		: problem;
}

describe('test/SPEC-MAP.md', () => {
	const rows = readMap();

	test('keeps a row for every row of the specification tables and every rule on platform content (API 2.0.0)', () => {
		const counts: Record<string, number> = {};
		for (const row of rows) counts[row.section] = (counts[row.section] ?? 0) + 1;
		// Endpoints: 26 table rows and the media upload flow; States: 11 table rows and 7 rule lines; Errors: 14 rows,
		// VALIDATION_ERROR split in two; Limits: 18 rows and the rate-limit headers; Rules: 8 lines.
		expect(counts).toEqual({
			Endpoints: 27,
			'States and transitions': 18,
			Errors: 15,
			Limits: 19,
			'Rules on platform content': 8,
		});
	});

	test('every row names at least one sandbox test and one node test, or says why there is none', () => {
		const empty = rows
			.filter((row) => row.sandbox.join('') === '' || row.node.join('') === '')
			.map((row) => row.spec);
		expect(empty).toEqual([]);
	});

	test('every named test exists under that title in that file', () => {
		const problems = rows.flatMap((row) =>
			[...row.sandbox, ...row.node]
				.map(entryProblem)
				.filter(Boolean)
				.map((problem) => `${row.section}: ${row.spec}: ${problem}`),
		);
		expect(problems).toEqual([]);
	});

	test('the check itself tells a missing title and a malformed entry from a good one', () => {
		expect(
			entryProblem('sandbox/drafts.test.ts: Errors 400 VALIDATION_ERROR: no platform enabled'),
		).toBeUndefined();
		expect(entryProblem('sandbox/drafts.test.ts: no such test')).toBe(
			'sandbox/drafts.test.ts has no test "no such test"',
		);
		expect(entryProblem('sandbox/nowhere.test.ts: x')).toBe(
			'sandbox/nowhere.test.ts does not exist',
		);
		expect(entryProblem('just words')).toMatch(/neither/);
		expect(entryProblem('none: the service decides')).toBeUndefined();
	});
});
