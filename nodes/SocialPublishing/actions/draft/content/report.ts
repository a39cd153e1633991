import type { ParamProblem } from '../../../helpers/validation';

/**
 * What a check does with a problem it finds: stop the item (the default), or, for Validate Only, note it and go
 * on so that every problem of the item is listed. A check hands over the problem's message with the error made
 * only when needed, so noting thousands of problems builds no error (and no stack trace) for each.
 */
export type Report = (problem: ParamProblem) => void;

export const stopAtFirst: Report = (problem) => {
	throw problem.error();
};
