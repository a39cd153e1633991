import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { socialSetLocator } from '../descriptions';
import { parseDateInput } from '../../helpers/dates';
import { paramError } from '../../helpers/params';
import type { OperationResult } from '../types';
import { draftIdField, whenFields } from './fields';
import type { DraftTarget } from './requests';
import { getDraft, getDraftTarget, patchDraft } from './requests';
import { resolveDate } from './timing';

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['draft'], operation: ['schedule'] } }, [
	socialSetLocator,
	{ ...draftIdField, description: 'ID of the draft to schedule. A scheduled draft PUBLISHES automatically at its date.' },
	...whenFields(true),
]);

const RULES = { label: 'Date', allowNow: false, nowProblem: 'is "now"; to publish immediately use the Publish Now operation' };

/** Schedule from planned without a new date: echo the planned `scheduled_date` as publish_at (States and transitions). */
async function plannedDate(context: IExecuteFunctions, itemIndex: number, target: DraftTarget): Promise<string> {
	const draft = await getDraft(context, itemIndex, target);
	const planned = typeof draft.scheduled_date === 'string' ? draft.scheduled_date : undefined;
	if (draft.status !== 'planned' || !planned) {
		throw paramError(context, itemIndex, 'Date', `is empty and draft ${target.draftId} is ${String(draft.status)}, not planned, so it has no date to keep; give a date`);
	}
	if (DateTime.fromISO(planned) <= DateTime.utc()) {
		throw paramError(context, itemIndex, 'Date', `is empty and the planned date of draft ${target.draftId} (${planned}) has passed; give a new date`);
	}
	return planned;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const when = this.getNodeParameter('when', itemIndex, 'date') as string;
	let publishAt: string;
	if (when === 'nextFreeSlot') {
		publishAt = 'next-free-slot';
	} else {
		const date = this.getNodeParameter('date', itemIndex, '') as unknown;
		if (parseDateInput(date).kind === 'empty') {
			publishAt = await plannedDate(this, itemIndex, target);
		} else {
			publishAt = await resolveDate(this, itemIndex, target.socialSetId, date, RULES);
		}
	}
	const body: IDataObject = { publish_at: publishAt };
	return await patchDraft(this, itemIndex, target, body);
}
