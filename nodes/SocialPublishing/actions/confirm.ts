import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { approvedByHumanReview } from './humanReview';
import type { Operations, ToolGate } from './types';
import { runOf } from '../../common/run';

/**
 * AI-agent safety. n8n runs a node with `usableAsTool` as an agent's tool under a node type whose name
 * ends in `Tool` (it adds the suffix when it loads the node). Run that way, a call that would change
 * something public or about to become public (toolRule.ts states the rule: publish or schedule, unschedule,
 * delete, replace the queue, download a URL the call gives, or write a draft that is scheduled or being
 * published) acts only when "Confirm" is true; otherwise the tool answers with what it would do and sends no
 * write request. As a regular node nothing changes.
 *
 * Each such operation says so itself: its module exports a `gate` (types.ts `ToolGate`, made by toolRule.ts
 * `toolGate` from its effects) with its dry-run answer, and its resource's description carries the
 * "Confirm" field.
 *
 * This guards against an agent's mistakes (a wrong draft id, a misread request); it is not an access
 * control: whoever can edit the workflow can set "Confirm" to a fixed true, and the credential's API
 * key decides what the node may do.
 */

/** The closing sentence of every dry-run message. */
export const ASK_TO_CONFIRM =
	'Ask the user to confirm, then call this tool again with "confirm" set to true.';

/** The "Confirm" field of a resource's held-back operations, shown only on the tool variant. */
export function confirmField(acts: string, show: IDisplayOptions['show']): INodeProperties {
	return {
		displayName: 'Confirm',
		name: 'confirm',
		type: 'boolean',
		default: false,
		description: `Whether the user has confirmed this action. Only read when the node runs as an AI agent's tool: ${acts} only when this is true; otherwise the tool answers what it would do, without doing it. An approval by n8n's human review of tool calls also counts as confirmation.`,
		hint: 'Let the model define this parameter, so the agent can set it to true once the user has agreed',
		displayOptions: { show: { '@tool': [true], ...show } },
	};
}

/** The operations of a resource that export a `gate`, in the order the resource lists them. */
export function gatedOperations(operations: Operations): string[] {
	return Object.keys(operations).filter((operation) => operations[operation].gate !== undefined);
}

/** The answer of `runsAsTool` by context: a node run keeps its node type (and `getNode()` copies the whole node). */
const toolRuns = new WeakMap<IExecuteFunctions, boolean>();

/** Whether this run is the tool variant n8n makes of the node for AI agents. */
export function runsAsTool(context: IExecuteFunctions): boolean {
	const run = runOf(context) as IExecuteFunctions;
	let tool = toolRuns.get(run);
	if (tool === undefined) {
		tool = context.getNode().type.endsWith('Tool');
		toolRuns.set(run, tool);
	}
	return tool;
}

/** What a dry run would do, and a sentence saying why it waits where the action alone does not say it. */
export interface WouldDo {
	would: string;
	why: string;
}

/**
 * The dry-run answer of a held-back operation other than the draft ones: the action and what it
 * would act on, and the message saying nothing was done (and why it waits, when given).
 */
export function dryRunAnswer(
	resource: string,
	action: string,
	socialSetId: number,
	fields: IDataObject,
	does: string | WouldDo,
): IDataObject {
	const { would, why } = typeof does === 'string' ? { would: does, why: '' } : does;
	return {
		dry_run: true,
		done: false,
		resource,
		action,
		social_set_id: socialSetId,
		...fields,
		message: `Nothing was done. This would ${would} in social set ${socialSetId}.${why ? ` ${why}` : ''} ${ASK_TO_CONFIRM}`,
	};
}

/**
 * Undefined when the operation may go ahead: not a tool run, an operation or item that is not held
 * back, or "Confirm" is true (or n8n's human review approved the call). Otherwise the operation's
 * dry-run answer, and nothing is written.
 */
export async function unconfirmedToolAction(
	context: IExecuteFunctions,
	gate: ToolGate,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	if (!runsAsTool(context)) return undefined;
	if (context.getNodeParameter('confirm', itemIndex, false) === true) return undefined;
	if (approvedByHumanReview(context)) return undefined; // n8n's human review approved this call
	// after the confirmation: the rule may read the target draft, which a confirmed call does not need
	if (gate.holds && !(await gate.holds(context, itemIndex))) return undefined;
	return await gate.answer(context, itemIndex);
}
