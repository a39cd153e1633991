import type { INodeProperties } from 'n8n-workflow';
import { platformToggleFields } from './updateContentFields';
import { createMissingTagsField, tagNamesField } from './tagNames';

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
	description: 'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'Tag slugs; at most 10 on a draft',
};

/** Title, scratchpad, tags, share and the dates of Create ("Additional Fields") and Update ("Update Fields"). */
export function draftFields(forUpdate: boolean): INodeProperties {
	const options: INodeProperties[] = [
		createMissingTagsField,
		{ displayName: 'Draft Title', name: 'draftTitle', type: 'string', default: '', description: 'Internal title (at most 512 characters)' },
		{
			displayName: 'Plan At',
			name: 'planAt',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-01T09:30:00+01:00 or next-free-slot',
			description: 'Give the draft an inert date: it never publishes until scheduled. A date or "next-free-slot"; "now" is not accepted.',
			hint: DATE_HINT,
		},
		{
			displayName: 'Publish At',
			name: 'publishAt',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-01T09:30:00+01:00 or next-free-slot',
			description: 'Schedule the draft to publish automatically: a future date, "next-free-slot", or "now" to PUBLISH IT IMMEDIATELY',
			hint: DATE_HINT,
		},
		{ displayName: 'Scratchpad', name: 'scratchpadText', type: 'string', typeOptions: { rows: 3 }, default: '', description: 'Private notes kept with the draft' },
		{ displayName: 'Share', name: 'share', type: 'boolean', default: false, description: 'Whether to generate a public share URL' },
		tagNamesField(forUpdate),
		tagsField,
	];
	if (forUpdate) {
		options.push(...platformToggleFields);
		options.sort((a, b) => a.displayName.localeCompare(b.displayName));
		options.unshift({
			displayName: 'Clear Fields',
			name: 'clearFields',
			type: 'multiOptions',
			options: [
				{ name: 'Draft Title', value: 'draft_title' },
				{ name: 'Scratchpad', value: 'scratchpad_text' },
				{ name: 'Share', value: 'share' },
				{ name: 'Tags', value: 'tags' },
			],
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

/** "When" of Schedule and Plan: a date or the next free queue slot. */
export function whenFields(keepPlannedHint: boolean): INodeProperties[] {
	return [
		{
			displayName: 'When',
			name: 'when',
			type: 'options',
			options: [
				{ name: 'At a Date', value: 'date', description: 'A date and time in the future' },
				{ name: 'Next Free Slot', value: 'nextFreeSlot', description: 'The next free slot of the queue schedule' },
			],
			default: 'date',
		},
		{
			displayName: 'Date',
			name: 'date',
			type: 'dateTime',
			default: '',
			required: !keepPlannedHint,
			hint: keepPlannedHint ? `${DATE_HINT} Leave empty to keep the date of a planned draft.` : DATE_HINT,
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
