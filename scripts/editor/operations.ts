/**
 * Every operation's panel, one node each in one workflow: no parameter issue on the canvas, the panel
 * opens without a console error or warning, its fields read as the description says, and "Execute step"
 * gives an output (or the error the sandbox gives for it: EXPECTED_ERRORS).
 */
import type { Locator, Page } from 'playwright-core';
import type { EditorContext } from './run';
import { canvasNode, closeNode, executeStep, openNode, openWorkflow, viewBinary } from './editor';
import { panelProblems } from './panel';
import type { OperationCase } from './workflows';

/**
 * Operations whose catalog call the sandbox refuses, with the message the panel must show. The catalog's
 * target draft is a plain draft (test/properties/targets.ts), and the spec's Unschedule takes only a planned
 * or scheduled one (States and transitions).
 */
export const EXPECTED_ERRORS: Record<string, RegExp> = {
	'draft.unschedule': /only planned or scheduled drafts can be unscheduled/,
};

/**
 * Console messages n8n's editor prints whatever node is open, matched against the message and where it came
 * from. A message is blamed on the node's description unless it matches one of these. n8n asks for a JSON
 * schema of a core node's output (the Code node that gives the input) and gets 404 for versions it ships none
 * of.
 */
export const EDITOR_NOISE: RegExp[] = [
	/^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(https?:\/\/[^/]+\/schemas\/n8n-nodes-base\.[a-zA-Z]+\/[\d.]+\.json:\d+\)$/,
];

export function blamed(entries: Array<{ text: string; location?: string }>): string[] {
	return entries
		.map((e) => (e.location ? `${e.text} (${e.location})` : e.text))
		.filter((text) => !EDITOR_NOISE.some((re) => re.test(text)));
}

/**
 * When the output has binary data (a picture the node drew), each file opens in n8n's binary view as an image:
 * n8n offers View only for the types it can show.
 */
async function pictureLines(page: Page, ndv: Locator, problems: string[]): Promise<string[]> {
	const binaryMode = ndv
		.locator('[data-test-id="output-panel"]')
		.getByRole('radio', { name: 'Binary' });
	if ((await binaryMode.count()) === 0) return [];
	const seen = await viewBinary(page, ndv);
	problems.push(...seen.problems);
	return seen.lines;
}

export async function checkOperations(
	ctx: EditorContext,
	workflowId: string,
	cases: OperationCase[],
): Promise<void> {
	const { page, step } = ctx;
	const opened = await step(`open the workflow of ${cases.length} operations`, async () => {
		await openWorkflow(ctx, workflowId);
		const before = blamed(ctx.console.entries);
		return before.length ? [`console on load: ${before.join(' | ')}`] : [];
	});
	if (!opened) return;
	const hovered = new Set<string>();
	for (const c of cases) {
		await step(`${c.op.name} (${c.action}): panel, fields, Execute step`, async () => {
			const lines: string[] = [];
			const node = canvasNode(page, c.nodeName);
			await node.waitFor();
			if ((await node.locator('[data-test-id="node-issues"]').count()) > 0)
				throw new Error(`the canvas shows parameter issues on the node`);
			const mark = ctx.console.entries.length;
			const problems: string[] = [];
			try {
				const t0 = Date.now();
				const ndv = await openNode(page, c.nodeName);
				const t1 = Date.now();
				problems.push(...(await panelProblems(page, ndv, c.parameters, { hovered })));
				const t2 = Date.now();
				const run = await executeStep(page);
				lines.push(`open ${t1 - t0} ms, fields ${t2 - t1} ms, Execute step ${Date.now() - t2} ms`);
				const expected = EXPECTED_ERRORS[c.op.name];
				if (run.error && !(expected && expected.test(run.error)))
					problems.push(`Execute step failed: ${run.error}`);
				if (!run.error && expected) problems.push(`Execute step should fail with ${expected}`);
				if (run.items === 'no output data') problems.push('Execute step gave no output data');
				if (!run.error) lines.push(...(await pictureLines(page, ndv, problems)));
				lines.push(run.error ? `error as expected: ${run.error}` : `output: ${run.items}`);
			} finally {
				await closeNode(page);
			}
			const noise = blamed(ctx.console.since(mark));
			if (noise.length) problems.push(`console: ${noise.join(' | ')}`);
			if (problems.length) throw new Error(problems.join('\n'));
			return lines;
		});
	}
}
