import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { declaredTitles as titlesOf } from '../specTitles';
import { SPEC_ROWS } from './specRows';

/** Test titles declared with it('...') / test('...') in this folder's test files. */
function declaredTitles(): Set<string> {
	const titles = new Set<string>();
	for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.ts'))) {
		for (const title of titlesOf(join(__dirname, file))) titles.add(title);
	}
	return titles;
}

describe('spec row map (test/sandbox/specRows.ts)', () => {
	const titles = declaredTitles();

	it('lists at least one test for every row', () => {
		const empty = SPEC_ROWS.filter((r) => r.tests.length === 0).map(
			(r) => `${r.section}: ${r.row}`,
		);
		expect(empty).toEqual([]);
	});

	it('names only tests that exist in the sandbox suite', () => {
		const missing = SPEC_ROWS.flatMap((r) =>
			r.tests.filter((t) => !titles.has(t)).map((t) => `${r.section}: ${r.row} -> ${t}`),
		);
		expect(missing).toEqual([]);
	});
});
