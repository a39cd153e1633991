import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { getSocialSetId } from '../params';
import type { Access, OperationResult, ToolGate } from '../types';
import { contentFields, readContent } from './content';
import { draftFields, readDraftFields } from './fields/draftFields';
import { checkTagSlugs, tagNamesStep } from './fields/tagNames';
import {
	checkPublishWait,
	publishWaitOptions,
	readOperationOptions,
	waitIfPublishedNow,
} from './publish';
import { checkPublishPolicy } from '../../helpers/publishPolicy';
import { validateCreate } from './validateOnly';
import { validateOnlyOption } from './validateOnly/collect';
import { createDownloads, createDryRun, createPublishes, createShares } from './dryRuns';
import { toolGate } from '../toolRule';
import { reconcileCreate } from './reconcile';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['create'] } },
	[
		socialSetLocator,
		...contentFields(false),
		draftFields(false),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [...publishWaitOptions, validateOnlyOption].sort((a, b) =>
				a.displayName.localeCompare(b.displayName),
			),
		},
	],
);

/**
 * Create's request as far as it can be built without writing: the content (media still to upload as
 * pending slots), the draft fields with the tag slugs as stored, the tag names matched (`tags.planned`;
 * `tags()` creates the missing ones), and the dates resolved. Every rule is checked on it. Retry On Fail
 * compares a draft it may adopt with this same body (draft/reconcile.ts).
 */
export async function planCreate(context: IExecuteFunctions, itemIndex: number) {
	const socialSetId = getSocialSetId(context, itemIndex);
	const content = readContent(context, itemIndex, socialSetId, false);
	const fields = readDraftFields(context, itemIndex, socialSetId, false);
	checkPublishPolicy(context, itemIndex, content.platforms, fields.publishKind, 'The draft');
	await checkTagSlugs(context, itemIndex, socialSetId, fields.body);
	const tags = await tagNamesStep(context, itemIndex, socialSetId, {
		request: fields.tagNames,
		body: fields.body,
	});
	const dates = await fields.dates();
	return { socialSetId, content, body: fields.body, tags, dates };
}

/**
 * Every rule is checked first, on the body as it will be sent (built once); then the tag names, the time zone
 * (only for a date without offset), the uploads, and one POST.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const options = readOperationOptions(this, itemIndex);
	if (options.validateOnly === true) return await validateCreate(this, itemIndex);
	checkPublishWait(this, itemIndex, options);
	const { socialSetId, content, body, tags, dates } = await planCreate(this, itemIndex);
	await content.upload();
	const created = await apiRequest(this, {
		method: 'POST',
		path: endpoints.drafts(socialSetId),
		body: { platforms: content.platforms, ...body, ...(await tags()), ...dates },
		itemIndex,
	});
	return await waitIfPublishedNow(this, itemIndex, {
		dates,
		draft: { socialSetId, draftId: Number(created.id) },
		response: created,
		options,
	});
}

export const access: Access = { kind: 'write', reconcile: reconcileCreate };

/** As an AI agent's tool, held back when it publishes (Publish At) or downloads (Media URLs). */
export const gate: ToolGate = toolGate(
	{ publishes: createPublishes, downloads: createDownloads, shares: createShares },
	createDryRun,
);
