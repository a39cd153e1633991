import type { Report } from '../content/report';
import { stopAtFirst } from '../content/report';

/**
 * How a plan's checks run. A write stops at the first problem (`stopAtFirstChecks`); Validate Only notes each
 * problem and goes on (validateOnly/collect.ts). `Missing` is what a step that failed gives: nothing in stop
 * mode (it threw), undefined in collect mode, so a plan run to stop at the first problem is whole.
 */
export interface Checks<Missing extends undefined = undefined> {
	/**
	 * Collect mode also makes the reads and the checks only a report needs (Update: the draft is always read,
	 * a published draft is named); a write leaves them to the service.
	 */
	readonly collects: boolean;
	/** Where the length and media checks hand each problem. */
	readonly report: Report;
	/** A problem found: thrown in stop mode, noted in collect mode. */
	add(problem: unknown): void;
	/** Runs one step; in collect mode a problem it throws is noted and the step gives undefined. */
	run<T>(step: () => T): T | Missing;
	runAsync<T>(step: () => Promise<T>): Promise<T | Missing>;
}

/** A write's checks: the first problem stops the item. */
export const stopAtFirstChecks: Checks<never> = {
	collects: false,
	report: stopAtFirst,
	add(problem) {
		throw problem;
	},
	run: (step) => step(),
	runAsync: async (step) => await step(),
};
