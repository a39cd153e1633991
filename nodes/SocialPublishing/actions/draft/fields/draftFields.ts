import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { echo } from '../../../../common/text/echo';
import { foldCase, toList, checkTags, checkTitle, paramError } from '../../../helpers/validation';
import { distinctUpTo } from '../../../helpers/lists';
import type { CheckedDate, DateRules } from '../../../helpers/dates';
import { checkDate, inZone, isNow, toApiDateTime } from '../../../helpers/dates';
import type { PublishKind } from '../../../helpers/publishPolicy';
import { socialSetTimeZone } from '../../socialSetTimeZone';
import { platformToggleFields } from '../content/mergeContent';
import type { TagNamesRequest } from './tagNames';
import { createMissingTagsField, TAG_NAMES_LABEL, tagNamesField } from './tagNames';
import { DRAFT_LIMITS, TAG_NAME_MAX } from '../../../../common/limits';

/** The draft's own fields (title, scratchpad, tags, share, dates): their descriptions and their reader. */

export const draftIdField: INodeProperties = {
	displayName: 'Draft ID',
	name: 'draftId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. 42',
	description: 'ID of the draft',
};

export const DATE_HINT =
	'An ISO date with offset (e.g. 2026-12-01T09:30:00+01:00), a luxon DateTime or JS Date from an expression. A date without offset is read in the time zone of the social set.';

export const tagsField: INodeProperties = {
	displayName: 'Tag Names or IDs',
	name: 'tags',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getTags', loadOptionsDependsOn: ['socialSetId.value'] },
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'Tag slugs; at most 10 on a draft',
};

/** Title, scratchpad, tags, share and the dates of Create ("Additional Fields") and Update ("Update Fields"). */
export function draftFields(forUpdate: boolean): INodeProperties {
	const options: INodeProperties[] = [
		createMissingTagsField,
		{
			displayName: 'Draft Title',
			name: 'draftTitle',
			type: 'string',
			default: '',
			description: 'Internal title (at most 512 characters)',
		},
		{
			displayName: 'Plan At',
			name: 'planAt',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-01T09:30:00+01:00 or next-free-slot',
			description:
				'Give the draft an inert date: it never publishes until scheduled. A date or "next-free-slot"; "now" is not accepted.',
			hint: DATE_HINT,
		},
		{
			displayName: 'Publish At',
			name: 'publishAt',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-01T09:30:00+01:00 or next-free-slot',
			description:
				'Schedule the draft to publish automatically: a future date, "next-free-slot", or "now" to PUBLISH IT IMMEDIATELY',
			hint: DATE_HINT,
		},
		{
			displayName: 'Scratchpad',
			name: 'scratchpadText',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Private notes kept with the draft',
		},
		{
			displayName: 'Share',
			name: 'share',
			type: 'boolean',
			default: false,
			description: 'Whether to generate a public share URL',
		},
		tagNamesField(forUpdate),
		tagsField,
	];
	if (forUpdate) {
		for (const field of platformToggleFields) options.push(field);
		options.sort((a, b) => a.displayName.localeCompare(b.displayName));
		options.unshift({
			displayName: 'Clear Fields',
			name: 'clearFields',
			type: 'multiOptions',
			options: CLEARABLE,
			default: [],
			description: 'Fields to empty on the draft (sent as null)',
		});
	}
	return {
		displayName: forUpdate ? 'Update Fields' : 'Additional Fields',
		name: forUpdate ? 'updateFields' : 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

/**
 * The fields Clear Fields may empty, and only these: a value from an expression that names another field of the
 * draft (`platforms`, `publish_at`) is refused, never sent as null, so an edit never drops content or a schedule
 * the user did not name.
 */
const CLEARABLE = [
	{ name: 'Draft Title', value: 'draft_title' },
	{ name: 'Scratchpad', value: 'scratchpad_text' },
	{ name: 'Share', value: 'share' },
	{ name: 'Tags', value: 'tags' },
];

/** "When" of Schedule and Plan: a date or the next free queue slot. */
export function whenFields(keepPlannedHint: boolean): INodeProperties[] {
	return [
		{
			displayName: 'When',
			name: 'when',
			type: 'options',
			options: [
				{ name: 'At a Date', value: 'date', description: 'A date and time in the future' },
				{
					name: 'Next Free Slot',
					value: 'nextFreeSlot',
					description: 'The next free slot of the queue schedule',
				},
			],
			default: 'date',
		},
		{
			displayName: 'Date',
			name: 'date',
			type: 'dateTime',
			default: '',
			required: !keepPlannedHint,
			hint: keepPlannedHint
				? `${DATE_HINT} Leave empty to keep the date of a planned draft.`
				: DATE_HINT,
			displayOptions: { show: { when: ['date'] } },
		},
	];
}

export const excludeMarkersOption: INodeProperties = {
	displayName: 'Exclude Comment Markers',
	name: 'excludeCommentMarkers',
	type: 'boolean',
	default: false,
	description:
		'Whether to return text without comment-thread markers. Do not send such text back in an update unless removing the comment anchors is intended.',
};

const PUBLISH_AT: DateRules = { label: 'Publish At', allowNow: true };
export const PLAN_NOW_PROBLEM =
	'is "now", which a plan does not accept (plan_at takes a future date or next-free-slot)';
const PLAN_AT: DateRules = { label: 'Plan At', allowNow: false, nowProblem: PLAN_NOW_PROBLEM };
/** Each date field's name in the panel, by its name in the API body. */
export const DATE_LABELS = { publish_at: PUBLISH_AT.label, plan_at: PLAN_AT.label } as const;

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

function isSet(value: unknown): boolean {
	return (
		value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')
	);
}

export function readDraftFields(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	forUpdate: boolean,
): DraftFields {
	const fields = context.getNodeParameter(
		forUpdate ? 'updateFields' : 'additionalFields',
		itemIndex,
		{},
	) as IDataObject;
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
		if (!CLEARABLE.some((field) => field.value === cleared))
			throw paramError(
				context,
				itemIndex,
				'Clear Fields',
				`has "${echo(cleared, 60)}", which is not a field it clears; it clears ${CLEARABLE.map((field) => `${field.name} (${field.value})`).join(', ')}`,
			);
		if (cleared in body)
			throw paramError(
				context,
				itemIndex,
				'Clear Fields',
				`clears "${cleared}", which is also set; do one or the other`,
			);
		body[cleared] = null;
	}
	if (isSet(fields.publishAt) && isSet(fields.planAt)) {
		throw paramError(
			context,
			itemIndex,
			'Plan At',
			'and "Publish At" are both set; a draft is either planned or scheduled, never both',
		);
	}
	const publishAt: CheckedDate | undefined = isSet(fields.publishAt)
		? checkDate(context, itemIndex, fields.publishAt, PUBLISH_AT)
		: undefined;
	const planAt: CheckedDate | undefined = isSet(fields.planAt)
		? checkDate(context, itemIndex, fields.planAt, PLAN_AT)
		: undefined;
	const publishKind: PublishKind | undefined =
		publishAt === undefined ? undefined : isNow(publishAt) ? 'publishNow' : 'schedule';
	return {
		body,
		tagNames: readTagNames(context, itemIndex, fields),
		hasDates: publishAt !== undefined || planAt !== undefined,
		publishKind,
		async dates() {
			if (publishAt !== undefined)
				return { publish_at: await resolveDate(context, itemIndex, socialSetId, publishAt) };
			if (planAt !== undefined)
				return { plan_at: await resolveDate(context, itemIndex, socialSetId, planAt) };
			return {};
		},
	};
}

/**
 * Tag names one item may give that can still come to at most 10 tags: a tag is matched by its name or its slug, so
 * two different names can stand for one tag, and more than twice the limit always make more tags than a draft takes.
 */
export const MAX_TAG_NAMES = 2 * DRAFT_LIMITS.maxTags;

/**
 * Names from "Tag Names" (a comma list, or a list from an expression), each 1 to 32 characters (Limits: Tag name).
 * Each name is folded once and the different ones counted against MAX_TAG_NAMES before any is matched, so the work
 * is one pass over the list, however long.
 */
export function readTagNames(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): TagNamesRequest | undefined {
	const given = toList(fields.tagNames);
	if (!given.length) return undefined;
	for (const name of given) {
		const length = [...name].length;
		if (length > TAG_NAME_MAX) {
			throw paramError(
				context,
				itemIndex,
				TAG_NAMES_LABEL,
				`has "${name}", ${length} characters long; a tag name has 1 to ${TAG_NAME_MAX} characters`,
			);
		}
	}
	const { entries: names, keys, over, count } = distinctUpTo(given, foldCase, MAX_TAG_NAMES);
	if (over)
		throw paramError(
			context,
			itemIndex,
			TAG_NAMES_LABEL,
			`has ${count} names, more than ${MAX_TAG_NAMES} of them different; a draft takes at most ${DRAFT_LIMITS.maxTags} tags (each matched by its name or its slug)`,
		);
	if (!names.length) return undefined;
	return { names, folded: keys, createMissing: fields.createMissingTags === true };
}

/**
 * The value the service takes for `publish_at` / `plan_at`: the keyword, or the date in UTC. A date without
 * offset is read in the social set's time zone (one request per social set and execution).
 */
export async function resolveDate(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	date: CheckedDate,
): Promise<string> {
	const { parsed, value, rules } = date;
	if (parsed.kind === 'keyword') return parsed.keyword;
	if (parsed.kind === 'instant') return toApiDateTime(parsed.instant);
	const zone = await socialSetTimeZone(context, itemIndex, socialSetId);
	const instant = inZone(parsed.wallClock, zone);
	if (!instant)
		throw paramError(
			context,
			itemIndex,
			rules.label,
			`has no offset and the social set's time zone "${echo(zone, 60)}" is unknown; add an offset`,
		);
	if (instant <= DateTime.utc()) {
		throw paramError(
			context,
			itemIndex,
			rules.label,
			`is in the past (${String(value)} in ${zone}); give a future date`,
		);
	}
	return toApiDateTime(instant);
}
