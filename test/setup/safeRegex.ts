/**
 * n8n checks a resource locator's value against its `regex` (the Social Set ID: `^\d+$`) with its safe-regex
 * engine, which runs each match in a `vm` context with a 250 ms wall-clock timeout: a guard against patterns
 * written by users. On a machine busy with other test workers, a pause of the process (garbage collection, the
 * scheduler) longer than that fails a trivial match with "Regular expression execution timed out": a timing
 * failure that says nothing of the node. In tests the same patterns and inputs run with the platform's own
 * RegExp, without the timer; the e2e runs real n8n with its own engine.
 */
type Engine = {
	exec(pattern: string, input: string, flags?: string): RegExpExecArray | null;
	test(pattern: string, input: string, flags?: string): boolean;
	replace(pattern: string, input: string, flags: string | undefined, replacement: string): string;
	matchAll(pattern: string, input: string, flags?: string): RegExpMatchArray[];
	split(pattern: string, input: string, flags?: string): string[];
};

const withGlobal = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);

const nativeEngine: Engine = {
	exec: (pattern, input, flags) => new RegExp(pattern, flags ?? '').exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags ?? '').test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags ?? ''), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(input.matchAll(new RegExp(pattern, withGlobal(flags)))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags ?? '')),
};

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a file n8n-workflow does not export
const safeRegex = require('n8n-workflow/dist/cjs/safe-regex') as {
	setSafeRegexEngine(engine: Engine): void;
};
safeRegex.setSafeRegexEngine(nativeEngine);
