import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { toList } from '../../helpers/content';
import { paramError, checkTags, checkTitle } from '../../helpers/validation';
import { parseDateInput } from '../../helpers/dates';
import type { PublishKind } from '../../helpers/publishPolicy';
import type { DateRules } from './timing';
import { checkDateOffline, resolveDate } from './timing';
import type { TagNamesRequest } from './tagNames';
import { readTagNames } from './tagNames';

const PUBLISH_AT: DateRules = { label: 'Publish At', allowNow: true };
export const PLAN_NOW_PROBLEM = 'is "now", which a plan does not accept (plan_at takes a future date or next-free-slot)';
const PLAN_AT: DateRules = { label: 'Plan At', allowNow: false, nowProblem: PLAN_NOW_PROBLEM };

/** Title, scratchpad, tags, share and dates of Create / Update, checked; `dates()` resolves the dates last. */
export interface DraftFields {
	body: IDataObject;
	hasDates: boolean;
	/** What Publish At asks, known before any request: publish now, or schedule (Rules on platform content 5). */
	publishKind?: PublishKind;
	dates(): Promise<IDataObject>;
	/** "Tag Names", when given (see tagNames.ts). */
	tagNames?: TagNamesRequest;
}

function isNow(value: unknown): boolean {
	const parsed = parseDateInput(value);
	return parsed.kind === 'keyword' && parsed.keyword === 'now';
}

function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

export function readDraftFields(context: IExecuteFunctions, itemIndex: number, socialSetId: number, forUpdate: boolean): DraftFields {
	const fields = context.getNodeParameter(forUpdate ? 'updateFields' : 'additionalFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (isSet(fields.draftTitle)) {
		const title = String(fields.draftTitle);
		const problem = checkTitle(title);
		if (problem) throw paramError(context, itemIndex, 'Draft Title', problem);
		body.draft_title = title;
	}
	if (isSet(fields.scratchpadText)) body.scratchpad_text = String(fields.scratchpadText);
	if (fields.tags !== undefined) {
		const tags = toList(fields.tags);
		const problem = checkTags(tags);
		if (problem) throw paramError(context, itemIndex, 'Tag Names or IDs', problem);
		body.tags = tags;
	}
	if (typeof fields.share === 'boolean') body.share = fields.share;
	for (const cleared of toList(fields.clearFields)) {
		if (cleared in body) throw paramError(context, itemIndex, 'Clear Fields', `clears "${cleared}", which is also set; do one or the other`);
		body[cleared] = null;
	}
	const publishAt = isSet(fields.publishAt) ? fields.publishAt : undefined;
	const planAt = isSet(fields.planAt) ? fields.planAt : undefined;
	if (publishAt !== undefined && planAt !== undefined) {
		throw paramError(context, itemIndex, 'Plan At', 'and "Publish At" are both set; a draft is either planned or scheduled, never both');
	}
	if (publishAt !== undefined) checkDateOffline(context, itemIndex, publishAt, PUBLISH_AT);
	if (planAt !== undefined) checkDateOffline(context, itemIndex, planAt, PLAN_AT);
	return {
		body,
		tagNames: readTagNames(context, itemIndex, fields),
		hasDates: publishAt !== undefined || planAt !== undefined,
		publishKind: publishAt === undefined ? undefined : isNow(publishAt) ? 'publishNow' : 'schedule',
		async dates() {
			if (publishAt !== undefined) return { publish_at: await resolveDate(context, itemIndex, socialSetId, publishAt, PUBLISH_AT) };
			if (planAt !== undefined) return { plan_at: await resolveDate(context, itemIndex, socialSetId, planAt, PLAN_AT) };
			return {};
		},
	};
}
