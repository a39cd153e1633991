/**
 * bench/RESULTS.md holds sections written by other scripts (the queue-mode burst of
 * npm run test:e2e:queue); npm run bench keeps them when it rewrites the file.
 */
import { keptSections, withSection } from '../../scripts/lib/resultsSections';

const BENCH = '# Benchmark results\n\n| Case | Measure |\n|---|---|\n| a | b |\n';

describe('kept sections of bench/RESULTS.md', () => {
	it('adds a section at the end, between markers', () => {
		const text = withSection(BENCH, 'queue-mode-burst', '## Queue mode burst\n\n| x | y |');
		expect(text.startsWith(BENCH.trimEnd())).toBe(true);
		expect(keptSections(text)).toEqual([
			'<!-- section queue-mode-burst: kept by npm run bench -->\n## Queue mode burst\n\n| x | y |\n<!-- end of section queue-mode-burst -->',
		]);
	});

	it('replaces the section it finds and leaves the rest of the file as it was', () => {
		const once = withSection(`${BENCH}\nNotes: keep me\n`, 'queue-mode-burst', 'first run');
		const twice = withSection(once, 'queue-mode-burst', 'second run $& $1');
		expect(twice).toContain('Notes: keep me');
		expect(twice).not.toContain('first run');
		expect(keptSections(twice)).toHaveLength(1);
		expect(keptSections(twice)[0]).toContain('second run $& $1');
	});

	it('keeps two sections apart and finds none in a file without markers', () => {
		const text = withSection(withSection(BENCH, 'one', 'A'), 'two', 'B');
		expect(keptSections(text).map((s) => s.split('\n')[1])).toEqual(['A', 'B']);
		expect(keptSections(BENCH)).toEqual([]);
	});

	it('does not take a section whose end marker is missing', () => {
		expect(keptSections(`${BENCH}<!-- section lost: kept by npm run bench -->\nno end\n`)).toEqual(
			[],
		);
	});
});
