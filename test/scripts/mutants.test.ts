/**
 * The planted defects of `npm run test:mutants` (scripts/lib/mutants.ts): each still applies to the code as it is
 * (its search text stands once in its file, its test files exist), so a refactor cannot silently turn a planted
 * defect into no change; planting one changes exactly its texts and taking it out restores the files byte for byte;
 * a search text that stands twice or not at all, and a patch that does not apply, are reported.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import type { PlantedDefect } from '../../scripts/lib/mutants';
import {
	DEFECTS,
	DEFECT_KINDS,
	defectCaught,
	defectProblems,
	plantDefect,
} from '../../scripts/lib/mutants';
import { REPO_ROOT } from '../../scripts/lib/pack';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'sp-mutants-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => {
	mkdirSync(dirname(join(dir, file)), { recursive: true });
	writeFileSync(join(dir, file), text);
};

describe('the planted defects of npm run test:mutants', () => {
	test.each(DEFECTS.map((d) => [d.name, d] as const))(
		'%s still applies to the code: its search texts stand once, its test files exist',
		(_name, defect) => {
			expect(defectProblems(REPO_ROOT, defect)).toEqual([]);
			expect(defect.tests.length).toBeGreaterThan(0);
			for (const test of defect.tests)
				expect(test).toMatch(/^test\/properties\/.+\.property\.test\.ts$/);
			if (defect.testNamePattern) expect(() => new RegExp(defect.testNamePattern!)).not.toThrow();
		},
	);

	test('names are unique, and the kinds of issue 38 with a property are planted', () => {
		const names = DEFECTS.map((d) => d.name);
		expect(new Set(names).size).toBe(names.length);
		expect(DEFECTS.every((d) => DEFECT_KINDS.includes(d.kind))).toBe(true);
		expect(new Set(DEFECTS.map((d) => d.kind))).toEqual(
			new Set([
				'a quadratic list or text helper',
				'a gate removed',
				'a write repeated after a lost answer',
				'a read that spends the creation budget',
				'a check that passes a malformed answer',
				'an answer quoted unbounded',
			]),
		);
	});

	test('planting changes exactly the search texts; taking it out restores the files as they were', () => {
		const before = 'const a = 1;\nconst b = a + 1;\nexport { a, b };\n';
		write('nodes/x.ts', before);
		write('test/properties/x.property.test.ts', '');
		const defect: PlantedDefect = {
			name: 'x',
			kind: 'a gate removed',
			what: 'b is a',
			edits: [
				{ file: 'nodes/x.ts', search: 'a + 1', replace: '$& - 1' },
				{ file: 'nodes/x.ts', search: 'const a = 1;', replace: 'const a = 2;' },
			],
			tests: ['test/properties/x.property.test.ts'],
		};
		const restore = plantDefect(dir, defect);
		// the replacement is taken as it is written ($& is no pattern)
		expect(readFileSync(join(dir, 'nodes/x.ts'), 'utf8')).toBe(
			'const a = 2;\nconst b = $& - 1;\nexport { a, b };\n',
		);
		restore();
		expect(readFileSync(join(dir, 'nodes/x.ts'), 'utf8')).toBe(before);
	});

	test('a search text that stands twice or nowhere, a missing file and a missing test file are reported, and nothing is planted', () => {
		write('nodes/x.ts', 'one one two\n');
		const defect: PlantedDefect = {
			name: 'x',
			kind: 'a gate removed',
			what: 'stale',
			edits: [
				{ file: 'nodes/x.ts', search: 'one', replace: 'three' },
				{ file: 'nodes/x.ts', search: 'four', replace: 'five' },
				{ file: 'nodes/y.ts', search: 'one', replace: 'two' },
			],
			tests: ['test/properties/gone.property.test.ts'],
		};
		expect(defectProblems(dir, defect)).toEqual([
			'x: its search text stands 2 times in nodes/x.ts, not once: "one"',
			'x: its search text stands 0 times in nodes/x.ts, not once: "four"',
			'x: nodes/y.ts does not exist',
			'x: test/properties/gone.property.test.ts does not exist',
		]);
		expect(() => plantDefect(dir, defect)).toThrow(/stands 2 times/);
		expect(readFileSync(join(dir, 'nodes/x.ts'), 'utf8')).toBe('one one two\n');
	});

	test('a patch is applied and taken out again; one that does not apply is reported', () => {
		write('nodes/x.ts', 'line one\nline two\n');
		write('test/properties/x.property.test.ts', '');
		write(
			'scripts/mutants/x.patch',
			[
				'--- a/nodes/x.ts',
				'+++ b/nodes/x.ts',
				'@@ -1,2 +1,2 @@',
				' line one',
				'-line two',
				'+line 2',
				'',
			].join('\n'),
		);
		const defect: PlantedDefect = {
			name: 'x',
			kind: 'a gate removed',
			what: 'patched',
			patch: 'scripts/mutants/x.patch',
			tests: ['test/properties/x.property.test.ts'],
		};
		expect(defectProblems(dir, defect)).toEqual([]);
		const restore = plantDefect(dir, defect);
		expect(readFileSync(join(dir, 'nodes/x.ts'), 'utf8')).toBe('line one\nline 2\n');
		restore();
		expect(readFileSync(join(dir, 'nodes/x.ts'), 'utf8')).toBe('line one\nline two\n');
		write('nodes/x.ts', 'line one\nline three\n');
		expect(defectProblems(dir, defect)).toEqual([
			expect.stringMatching(/^x: its patch does not apply: .*patch failed/s),
		]);
	});

	test('a defect is caught when a file failed and none passed or did not run; a file the pattern names no case of is no miss', () => {
		expect(defectCaught(['failed, as it must'])).toBe(true);
		expect(defectCaught(['failed, as it must', 'no case of this file matches the pattern'])).toBe(
			true,
		);
		expect(defectCaught(['no case of this file matches the pattern'])).toBe(false);
		expect(defectCaught([])).toBe(false);
		expect(defectCaught(['failed, as it must', 'DID NOT RUN'])).toBe(false);
		expect(defectCaught(['failed, as it must', 'PASSED (the property missed the defect)'])).toBe(
			false,
		);
	});
});
