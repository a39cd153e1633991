import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import { referenceProblem, tableCells } from '../../specTitles';

/**
 * rules.md lists the rules the node checks before sending, with the code that checks each and the tests that
 * prove it. This keeps the list true: every code file it names exists, every function it names is declared in
 * the node's code, and every test it names exists under that title (a `describe` block names all its tests).
 */

const NODE_DIR = join(__dirname, '../../../nodes/SocialPublishing');

interface Row {
	rule: string;
	code?: string;
	tests: string[];
}

function readRules(): Row[] {
	const rows: Row[] = [];
	for (const line of readFileSync(join(__dirname, 'rules.md'), 'utf8').split('\n')) {
		if (!line.startsWith('| ') || /^\| (Rule|Requirement) /.test(line)) continue;
		const cells = tableCells(line);
		const tests = cells[cells.length - 1].split('<br>').filter(Boolean);
		rows.push({ rule: cells[0], code: cells.length === 3 ? cells[1] : undefined, tests });
	}
	return rows;
}

function sources(dir: string): Map<string, string> {
	const files = new Map<string, string>();
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) for (const [k, v] of sources(path)) files.set(k, v);
		else if (name.endsWith('.ts')) files.set(relative(NODE_DIR, path), readFileSync(path, 'utf8'));
	}
	return files;
}

/** The problems of a Code cell: files that are not there, names no file of the node declares. */
function codeProblems(cell: string, code: Map<string, string>): string[] {
	const problems: string[] = [];
	for (const [, token] of cell.matchAll(/`([^`]+)`/g)) {
		if (token.endsWith('.ts')) {
			if (!code.has(token)) problems.push(`${token} does not exist`);
		} else if (/^[A-Za-z_]\w*$/.test(token)) {
			const declared = new RegExp(
				`\\b(function\\*?|const|let|class|interface|type)\\s+${token}\\b`,
			);
			if (![...code.values()].some((text) => declared.test(text)))
				problems.push(`no file declares ${token}`);
		}
	}
	return problems;
}

describe('test/nodes/SocialPublishing/rules.md', () => {
	const rows = readRules();
	const code = sources(NODE_DIR);
	const titles = new Map<string, Set<string>>();

	test('lists the rules: at least the 36 rows it had when this check began, each naming a test', () => {
		expect(rows.length).toBeGreaterThanOrEqual(36);
		expect(rows.filter((row) => row.tests.length === 0).map((row) => row.rule)).toEqual([]);
	});

	test('every code file it names exists and every function it names is declared', () => {
		const problems = rows.flatMap((row) =>
			row.code === undefined ? [] : codeProblems(row.code, code).map((p) => `${row.rule}: ${p}`),
		);
		expect(problems).toEqual([]);
	});

	test('every named test exists under that title in that file', () => {
		const problems = rows.flatMap((row) =>
			row.tests
				.map((entry) => referenceProblem(entry, __dirname, 'tests and describes', titles))
				.filter(Boolean)
				.map((problem) => `${row.rule}: ${problem}`),
		);
		expect(problems).toEqual([]);
	});

	test('the checks tell a removed file, an unknown function and a missing test from good ones', () => {
		expect(codeProblems('`helpers/dates.ts` `checkDate`', code)).toEqual([]);
		expect(codeProblems('`actions/draft/fields/dates.ts` `checkDateOffline`', code)).toEqual([
			'actions/draft/fields/dates.ts does not exist',
			'no file declares checkDateOffline',
		]);
		const check = (entry: string) => referenceProblem(entry, __dirname, 'tests and describes');
		expect(
			check('description.test.ts: operations that publish or delete say so plainly'),
		).toBeUndefined();
		expect(check('description.test.ts: no such test')).toBe(
			'description.test.ts has no test "no such test"',
		);
		expect(check('nowhere.test.ts: x')).toBe('nowhere.test.ts does not exist');
		expect(check('just words')).toMatch(/is not "path: title"/);
	});
});
