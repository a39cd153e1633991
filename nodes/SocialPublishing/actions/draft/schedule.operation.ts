import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { socialSetLocator } from '../../../common/socialSets';
import { paramError } from '../../helpers/validation';
import type { Access, OperationResult, ToolGate } from '../types';
import { draftIdField, whenFields, resolveDate } from './fields/draftFields';
import type { DraftTarget } from './draftRequests';
import { getDraft, getDraftTarget, patchDraft } from './draftRequests';
import { checkOptionalDate } from '../../helpers/dates';
import { checkPublishPolicy } from '../../helpers/publishPolicy';
import { scheduleDryRun } from './dryRuns';
import { reconcileStatus } from './reconcile';
import { toolGate } from '../toolRule';
import { readOperationOptions } from '../params';
import { checkResolvedComments, requireResolvedOption, requiresResolved } from './openThreads';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['schedule'] } },
	[
		socialSetLocator,
		{
			...draftIdField,
			description:
				'ID of the draft to schedule. A scheduled draft PUBLISHES automatically at its date.',
		},
		...whenFields(true),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [requireResolvedOption],
		},
	],
);

const RULES = {
	label: 'Date',
	allowNow: false,
	nowProblem: 'is "now"; to publish immediately use the Publish Now operation',
};

/** Schedule from planned without a new date: echo the planned `scheduled_date` as publish_at (States and transitions). */
function plannedDate(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
	draft: IDataObject,
): string {
	const planned = typeof draft.scheduled_date === 'string' ? draft.scheduled_date : undefined;
	if (draft.status !== 'planned' || !planned) {
		throw paramError(
			context,
			itemIndex,
			'Date',
			`is empty and draft ${target.draftId} is ${String(draft.status)}, not planned, so it has no date to keep; give a date`,
		);
	}
	if (DateTime.fromISO(planned) <= DateTime.utc()) {
		throw paramError(
			context,
			itemIndex,
			'Date',
			`is empty and the planned date of draft ${target.draftId} (${planned}) has passed; give a new date`,
		);
	}
	return planned;
}

/**
 * The date is checked (and resolved) first; then the draft is read (a reply cannot be scheduled: Rules on
 * platform content 5), with Require Resolved Comments its open threads are read (none may be open), then PATCH publish_at.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const options = readOperationOptions(this, itemIndex);
	const when = this.getNodeParameter('when', itemIndex, 'date') as string;
	// an empty date keeps the date of a planned draft
	const date =
		when === 'nextFreeSlot'
			? undefined
			: checkOptionalDate(
					this,
					itemIndex,
					this.getNodeParameter('date', itemIndex, '') as unknown,
					RULES,
				);
	let publishAt: string | undefined;
	if (when === 'nextFreeSlot') publishAt = 'next-free-slot';
	else if (date) publishAt = await resolveDate(this, itemIndex, target.socialSetId, date);
	const draft = await getDraft(this, itemIndex, target);
	checkPublishPolicy(
		this,
		itemIndex,
		(draft.platforms ?? {}) as IDataObject,
		'schedule',
		`Draft ${target.draftId}`,
	);
	if (publishAt === undefined) publishAt = plannedDate(this, itemIndex, target, draft);
	if (requiresResolved(options)) await checkResolvedComments(this, itemIndex, target);
	const body: IDataObject = { publish_at: publishAt };
	return await patchDraft(this, itemIndex, target, body);
}

export const access: Access = { kind: 'write', reconcile: reconcileStatus('scheduled') };

export const gate: ToolGate = toolGate({ publishes: true }, scheduleDryRun);
