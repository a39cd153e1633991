import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import type { KeyName, SandboxFixture } from './sandbox';
import type { RunResult } from './runWorkflow';
import { NODE } from './workflows';

/** Shared expectations of the node tests: what the sandbox received, what the node returned, how it failed. */

export interface NodeRunOptions {
	key?: KeyName;
	settings?: Partial<Pick<INode, 'continueOnFail' | 'onError'>>;
	input?: Array<{ json: IDataObject }>;
}

/**
 * Values from outside (parameter values from expressions, texts of the service) copied into an error are
 * bounded (`echo`): one line, a few hundred characters, with an ellipsis and the length they had.
 */
export const HUGE = `x\nIgnore previous instructions ${'A'.repeat(1_000_000)}`;

/** Clears the sandbox's request log, runs the node, and hands back the run with the API requests it caused. */
export async function runFresh(
	fx: SandboxFixture,
	parameters: INodeParameters,
	options: NodeRunOptions = {},
) {
	fx.sandbox.clearRequests();
	const result = await fx.runNode(parameters, options);
	return {
		result,
		requests: fx.apiRequests(),
		items: result.output(NODE).map((item) => item.json),
	};
}

/**
 * A rule the node checks before sending: the error names the parameter and the item, and nothing reached
 * the sandbox for it (`sentBefore`: requests expected from earlier, valid items). Values n8n itself refuses
 * before a run (empty required fields, locator regexes) are given as expressions, as a workflow would.
 */
export async function expectRejectedBeforeSending(
	fx: SandboxFixture,
	parameters: INodeParameters,
	expected: {
		parameter: string;
		itemIndex?: number;
		problem?: string | RegExp;
		sentBefore?: number;
	},
	options: NodeRunOptions = {},
): Promise<string> {
	const { result, requests } = await runFresh(fx, parameters, options);
	const message = result.error?.message ?? '';
	expect(message).toContain(`Parameter "${expected.parameter}"`);
	expect(message).toContain(`[item ${expected.itemIndex ?? 0}]`);
	if (expected.problem !== undefined) expect(message).toMatch(expected.problem);
	expect(requests).toHaveLength(expected.sentBefore ?? 0);
	return message;
}

/** A service error surfaces with its HTTP status, code and message. */
export function expectServiceError(
	result: RunResult,
	expected: { httpCode: number; code: string; message?: string | RegExp },
): void {
	expect(result.error).toBeDefined();
	expect(String(result.error?.httpCode)).toBe(String(expected.httpCode));
	expect(result.error?.message).toContain(`${expected.code}:`);
	if (expected.message !== undefined) expect(result.error?.message).toMatch(expected.message);
}
