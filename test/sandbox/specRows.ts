/**
 * Map of the API specification's rows to the sandbox tests that walk them.
 * `specRows.test.ts` checks every listed test name exists in test/sandbox/*.test.ts,
 * so a missing row or a renamed test is visible. The comment-thread engineer adds
 * the comment-thread and marker rows under their own sections.
 */

export interface SpecRow {
	/** spec section: Endpoints, States and transitions, Errors, Limits, Events, ... */
	section: string;
	/** the row as the spec words it */
	row: string;
	/** titles of the `it(...)` tests that check the row */
	tests: string[];
}

export const SPEC_ROWS: SpecRow[] = [
	// rows are added per resource below
];
