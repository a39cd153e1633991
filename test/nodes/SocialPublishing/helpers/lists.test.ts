import fc from 'fast-check';
import { distinctUpTo, indexBy } from '../../../../nodes/SocialPublishing/helpers/lists';
import { foldCase, toList } from '../../../../nodes/SocialPublishing/helpers/validation';
import { cpuGrowth, perCall } from '../../../harness/cpu';

/**
 * The list rule's helper: on generated lists (names in case and normalization variants, repeats, separators),
 * distinctUpTo is the first entry of each key in order, cut at the cap, as comparing each entry with the ones
 * before would give, and indexBy finds what a scan in list order finds; both in one pass.
 */

const name = fc.oneof(
	fc.constantFrom('Tag', 'TAG', 'tag', 'Ｔａｇ', '\u00e9', 'e\u0301', 'ß', 'SS', 'Launch', ''),
	fc.string({ unit: 'grapheme', maxLength: 4 }),
);
const text = fc
	.array(fc.tuple(name, fc.constantFrom(',', ', ', ' ,', ',,')), { maxLength: 60 })
	.map((parts) => parts.map(([n, sep]) => n + sep).join(''));

/** The rule as the readers had it: each entry compared with every entry kept so far. */
function byScan(list: string[], max: number) {
	const kept: string[] = [];
	let distinct = 0;
	for (const entry of list) {
		if (kept.some((known) => foldCase(known) === foldCase(entry))) continue;
		distinct++;
		if (kept.length < max) kept.push(entry);
	}
	return { kept, over: distinct > max };
}

test('distinctUpTo keeps the first entry of each folded key, in order, up to the cap', () => {
	fc.assert(
		fc.property(text, fc.integer({ min: 0, max: 25 }), (value, max) => {
			const list = toList(value);
			const found = distinctUpTo(list, foldCase, max);
			const expected = byScan(list, max);
			expect(found.entries).toEqual(expected.kept);
			expect(found.keys).toEqual(expected.kept.map(foldCase));
			expect(found.over).toBe(expected.over);
			expect(found.count).toBe(list.length);
		}),
		{ numRuns: 300 },
	);
});

test('indexBy finds the first entry of a key, as a scan in list order does', () => {
	fc.assert(
		fc.property(fc.array(name, { maxLength: 40 }), name, (list, wanted) => {
			const index = indexBy(list, foldCase);
			expect(index.get(foldCase(wanted))).toBe(
				list.find((entry) => foldCase(entry) === foldCase(wanted)),
			);
		}),
		{ numRuns: 300 },
	);
});

test('distinctUpTo takes one pass: 40,000 entries cost about 4 times 10,000, all different or all the same', async () => {
	for (const make of [(i: number) => `n${i}`, (i: number) => ['Tag', 'TAG', 'tag'][i % 3]]) {
		const list = (n: number) => Array.from({ length: n }, (_, i) => make(i));
		const small = list(10_000);
		const large = list(40_000);
		const growth = await cpuGrowth(
			() =>
				Math.max(
					perCall(() => distinctUpTo(small, foldCase, 1e9)),
					1e-3,
				),
			() => perCall(() => distinctUpTo(large, foldCase, 1e9)),
			10,
		);
		expect(growth.ratio).toBeLessThan(10);
	}
});
