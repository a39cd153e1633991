import { execFileSync } from 'child_process';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

/**
 * Planted defects: known bugs the property suites must catch (issue 38, "Properties that show they can fail").
 * `npm run test:mutants` (scripts/mutants.ts) plants each on a copy of the code, runs the property test files named
 * for it and expects each of them to fail; a property that passes a planted defect of its kind proves nothing about
 * that kind. test/scripts/mutants.test.ts checks that every search text still stands once in its file, so a
 * refactor cannot turn a planted defect into no change at all.
 *
 * Adding one is one entry in DEFECTS: the file, the text to find (exactly once) and its replacement (or a patch
 * file under scripts/mutants/ for a change of several places), the property test file(s) that must fail, and what
 * keeps the run short (a jest test name pattern; the suite's own seed and run-count variables).
 */

/** The kinds of defect issue 38 names: each property must fail on each planted defect of its kind. */
export const DEFECT_KINDS = [
	'a quadratic list or text helper',
	'a gate removed',
	'a write repeated after a lost answer',
	'a read that spends the creation budget',
	'a check that passes a malformed answer',
	'an answer quoted unbounded',
] as const;
export type DefectKind = (typeof DEFECT_KINDS)[number];

/** One place changed: `search` stands exactly once in `file` (a path from the repository's root). */
export interface Edit {
	file: string;
	search: string;
	replace: string;
}

export interface PlantedDefect {
	/** A short name, one word with hyphens: `npm run test:mutants -- <name>` runs it alone. */
	name: string;
	kind: DefectKind;
	/** What the defect does, in one sentence. */
	what: string;
	/** The change, as texts replaced... */
	edits?: Edit[];
	/** ...or as a patch file (git apply, from the repository's root), for a change that does not fit one text. */
	patch?: string;
	/** The property test files (from the repository's root) that must each fail with the defect planted. */
	tests: string[];
	/** jest's --testNamePattern: the cases the defect is reached by (the whole file runs without it). */
	testNamePattern?: string;
	/** Variables for the run: the suite's fixed seed and a reduced count of generated runs. */
	env?: Record<string, string>;
}

const LISTS = 'nodes/SocialPublishing/helpers/lists.ts';
const BOUNDED = [
	'test/properties/bounded.property.test.ts',
	'test/properties/bounded.second.property.test.ts',
];

export const DEFECTS: PlantedDefect[] = [
	{
		name: 'quadratic-distinct',
		kind: 'a quadratic list or text helper',
		what: 'distinctUpTo looks each key up in the list of keys (keys.includes) and caps only at the end: every Tag Names list is read whole, each name compared with every name before it',
		edits: [
			{
				file: LISTS,
				search: [
					'\t\tif (seen.has(k)) continue;',
					'\t\tif (entries.length === max) return { entries, keys, over: true, count: list.length };',
					'\t\tseen.add(k);',
				].join('\n'),
				replace: '\t\tif (keys.includes(k)) continue;',
			},
			{
				file: LISTS,
				search: '\treturn { entries, keys, over: false, count: list.length };\n}',
				replace: [
					'\tseen.clear();',
					'\tconst over = entries.length > max;',
					'\treturn { entries: entries.slice(0, max), keys: keys.slice(0, max), over, count: list.length };',
					'}',
				].join('\n'),
			},
		],
		tests: BOUNDED,
		// Create's and Update's Tag Names cases (which half holds which moves as cases are added), each its example
		// (10,000+ short distinct names) alone
		testNamePattern:
			'^draft\\.create additionalFields\\.tagNames |^draft\\.update (\\(contentType=posts\\) )?updateFields\\.tagNames ',
		env: { BOUNDED_RUNS: '0', BOUNDED_SEED: '38' },
	},
	{
		name: 'unschedule-ungated',
		kind: 'a gate removed',
		what: "Unschedule states no effect to the AI tool's rule, so an unconfirmed tool call removes a scheduled draft's date",
		edits: [
			{
				file: 'nodes/SocialPublishing/actions/draft/unschedule.operation.ts',
				search: 'toolGate({ undates: true }, unscheduleDryRun)',
				replace: 'toolGate({}, unscheduleDryRun)',
			},
		],
		tests: ['test/properties/confirmed.property.test.ts'],
		testNamePattern: 'draft\\.unschedule changes nothing public',
		env: { PROPERTY_SEED: '38' },
	},
	{
		name: 'create-never-adopts',
		kind: 'a write repeated after a lost answer',
		what: "Create's reconcile never adopts the draft an earlier try stored, so a retry after a lost answer creates a second one",
		edits: [
			{
				file: 'nodes/SocialPublishing/actions/draft/reconcile.ts',
				search: '\t\tif (draftDifference(ours, draft) !== undefined) continue;',
				replace: '\t\tif (draftDifference(ours, draft) !== undefined || ours) continue;',
			},
		],
		tests: ['test/properties/exactlyOnce.property.test.ts'],
		testNamePattern: '^exactly once: .* draft\\.create$',
		env: { EXACTLY_ONCE_SEED: '38', EXACTLY_ONCE_RUNS: '1' },
	},
	{
		name: 'reads-spend-creations',
		kind: 'a read that spends the creation budget',
		what: "every request on a social set's path counts in that set's drafts.create bucket, as the memory did before issue 38: reads wait on the creation budget",
		edits: [
			{
				file: 'nodes/common/transport/rateLimit.ts',
				search: '\t\treturn SOCIAL_SET_COUNTS[scope.route] ?? this.refusedOn.get(routeKey(scope));',
				replace: "\t\treturn 'drafts.create';",
			},
		],
		tests: ['test/properties/rateLimits.property.test.ts'],
		env: { RATE_LIMITS_RUNS: '4', RATE_LIMITS_SEED: '38' },
	},
	{
		name: 'open-threads-fail-open',
		kind: 'a check that passes a malformed answer',
		what: 'Require Resolved Comments reads any answer of the thread list as a page, and one without a list of threads as no open thread (as before issue 38): an answer of 204, {} or HTML lets the schedule go out',
		edits: [
			{
				file: 'nodes/SocialPublishing/actions/draft/openThreads.ts',
				search: '\t\tOPEN_THREADS,\n\t);',
				replace: '\t\t{ ...OPEN_THREADS, problem: () => undefined },\n\t);',
			},
			{
				file: 'nodes/SocialPublishing/actions/draft/openThreads.ts',
				search: '\tconst listed = page.results.slice(0, MAX_THREADS_NAMED);',
				replace:
					'\tconst listed = Array.isArray(page?.results) ? page.results.slice(0, MAX_THREADS_NAMED) : [];',
			},
		],
		tests: ['test/properties/failClosed.property.test.ts'],
		testNamePattern:
			'^every read an operation decides from fails closed on a malformed answer draft\\.schedule$',
		env: { FAIL_CLOSED_SEED: '38' },
	},
	{
		name: 'answer-quoted-whole',
		kind: 'an answer quoted unbounded',
		what: "the answer reader's error quotes the answer's values whole, not through the bounded, redacted echo: a draft whose status is a 10,000-character text with the key is quoted whole, key and all",
		edits: [
			{
				file: 'nodes/common/transport/answer.ts',
				search: '\tconst say = (value: unknown) => echo(value, QUOTED, secrets);',
				replace: '\tconst say = (value: unknown) => String(value);',
			},
		],
		tests: ['test/properties/boundedAnswers.property.test.ts'],
		testNamePattern: ' draft\\.get$',
		env: { BOUNDED_SEED: '38', BOUNDED_ANSWERS_RUNS: '0' },
	},
];

/** How each edit of `defect` stands in the files under `root`: problems, one text each (none when it applies). */
export function defectProblems(root: string, defect: PlantedDefect): string[] {
	const problems: string[] = [];
	if (!defect.edits?.length === !defect.patch)
		problems.push(`${defect.name}: give either edits or a patch`);
	for (const edit of defect.edits ?? []) {
		const path = join(root, edit.file);
		if (!existsSync(path)) {
			problems.push(`${defect.name}: ${edit.file} does not exist`);
			continue;
		}
		const found = readFileSync(path, 'utf8').split(edit.search).length - 1;
		if (found !== 1)
			problems.push(
				`${defect.name}: its search text stands ${found} times in ${edit.file}, not once: ${JSON.stringify(edit.search.slice(0, 80))}`,
			);
		if (edit.search === edit.replace) problems.push(`${defect.name}: an edit that changes nothing`);
	}
	if (defect.patch) {
		try {
			execFileSync('git', ['apply', '--check', join(root, defect.patch)], {
				cwd: root,
				stdio: 'pipe',
			});
		} catch (error) {
			problems.push(
				`${defect.name}: its patch does not apply: ${String((error as { stderr?: unknown }).stderr ?? error)}`,
			);
		}
	}
	if (defect.tests.length === 0) problems.push(`${defect.name}: names no property test file`);
	for (const test of defect.tests)
		if (!existsSync(join(root, test))) problems.push(`${defect.name}: ${test} does not exist`);
	return problems;
}

/** Plants `defect` in the files under `root`; gives back what restores them. Throws when it does not apply. */
export function plantDefect(root: string, defect: PlantedDefect): () => void {
	const problems = defectProblems(root, defect);
	if (problems.length) throw new Error(problems.join('\n'));
	if (defect.patch) {
		const patch = join(root, defect.patch);
		execFileSync('git', ['apply', patch], { cwd: root, stdio: 'pipe' });
		return () => execFileSync('git', ['apply', '-R', patch], { cwd: root, stdio: 'pipe' });
	}
	const originals = new Map<string, string>();
	for (const edit of defect.edits ?? []) {
		const path = join(root, edit.file);
		const text = readFileSync(path, 'utf8');
		if (!originals.has(path)) originals.set(path, text);
		writeFileSync(
			path,
			text.replace(edit.search, () => edit.replace),
		);
	}
	return () => {
		for (const [path, text] of originals) writeFileSync(path, text);
	};
}

/** What one property test file did with a planted defect. */
export type Verdict =
	| 'failed, as it must'
	| 'PASSED (the property missed the defect)'
	| 'DID NOT RUN'
	| 'no case of this file matches the pattern';

/**
 * A planted defect is caught when some listed file failed and none passed or failed to run. The halves of a
 * split property (bounded, bounded.second) share one test name pattern and a new case shifts which half holds
 * a named case, so a file none of whose cases the pattern names is no miss by itself.
 */
export function defectCaught(verdicts: Verdict[]): boolean {
	return (
		verdicts.includes('failed, as it must') &&
		verdicts.every(
			(v) => v === 'failed, as it must' || v === 'no case of this file matches the pattern',
		)
	);
}
