import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult, ToolGate } from '../types';
import { toolGate } from '../toolRule';
import { DATE_HINT, draftIdField } from './fields/draftFields';
import { createMissingTagsField, TAG_NAMES_LABEL } from './fields/tagNames';
import { duplicateDryRun } from './duplicate/dryRun';
import { planDuplicate, schedulesCopy } from './duplicate/plan';
import { reconcileDuplicate } from './duplicate/reconcile';
import { requireResolvedOption } from './openThreads';
import { utmTagsField } from './content/utmTags';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['duplicate'] } },
	[
		socialSetLocator,
		{
			...draftIdField,
			description:
				'ID of the draft to copy, in any status (a published draft too). The copy gets its posts, media, platform settings, title, scratchpad and tags.',
		},
		{
			displayName: 'When',
			name: 'copyWhen',
			type: 'options',
			options: [
				{
					name: 'Unscheduled Draft',
					value: 'draft',
					description: 'Save the copy as a plain draft',
				},
				{
					name: 'Next Free Slot',
					value: 'nextFreeSlot',
					description: 'Schedule the copy in the next free slot of the queue: it PUBLISHES then',
				},
				{
					name: 'At a Date',
					value: 'date',
					description: 'Schedule the copy at a future date: it PUBLISHES then',
				},
			],
			default: 'draft',
		},
		{
			displayName: 'Date',
			name: 'copyDate',
			type: 'dateTime',
			default: '',
			required: true,
			hint: DATE_HINT,
			displayOptions: { show: { copyWhen: ['date'] } },
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				createMissingTagsField,
				{
					displayName: 'Draft Title',
					name: 'draftTitle',
					type: 'string',
					default: '',
					description: "Title of the copy (at most 512 characters); empty keeps the source's title",
				},
				{
					...requireResolvedOption,
					description:
						'Whether, when the copy is scheduled (Next Free Slot or At a Date), to refuse while the source draft has unresolved comment threads, naming them; nothing is created then. Costs one request.',
					displayOptions: { show: { '/copyWhen': ['nextFreeSlot', 'date'] } },
				},
				{
					displayName: TAG_NAMES_LABEL,
					name: 'tagNames',
					type: 'string',
					default: '',
					placeholder: 'e.g. recycled',
					description:
						"Comma-separated tag names or slugs, matched to the tags of the social set ignoring case, ADDED to the source's tags on the copy",
				},
				utmTagsField,
			],
		},
	],
);

/**
 * One GET of the source (and of the social set's tags with Tag Names, its time zone for a date without
 * offset, its open comment threads with Require Resolved Comments when the copy is scheduled), every rule
 * checked on the copy's body; then the missing tags and one POST.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { source, body, tags, dates } = await planDuplicate(this, itemIndex);
	return await apiRequest(this, {
		method: 'POST',
		path: endpoints.drafts(source.socialSetId),
		body: { ...body, tags: await tags(), ...dates },
		itemIndex,
	});
}

export const access: Access = { kind: 'write', reconcile: reconcileDuplicate };

/** As an AI agent's tool, held back when the copy is scheduled (it publishes by itself). */
export const gate: ToolGate = toolGate({ publishes: schedulesCopy }, duplicateDryRun);
