import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult, ToolGate } from '../types';
import { contentFields } from './content';
import { draftFields } from './fields/draftFields';
import { checkPublishWait, publishWaitOptions, waitIfPublishedNow } from './publish';
import { validateCreate } from './validateOnly';
import { validateOnlyOption } from './validateOnly/collect';
import { createDownloads, createDryRun, createPublishes, createShares } from './dryRuns';
import { toolGate } from '../toolRule';
import { reconcileCreate } from './reconcile';
import { stopAtFirstChecks } from './plan/checks';
import { planCreate } from './plan/create';
import { readOperationOptions } from '../params';

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
 * Every rule is checked first, on the body as it will be sent (built once: the plan, plan/create.ts); then the
 * tag names, the time zone (only for a date without offset), the uploads, and one POST.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const options = readOperationOptions(this, itemIndex);
	if (options.validateOnly === true) return await validateCreate(this, itemIndex, { budget: true });
	checkPublishWait(this, itemIndex, options);
	const plan = await planCreate(this, itemIndex, stopAtFirstChecks);
	const { socialSetId, content, fields, tags, dates } = plan;
	await content.upload();
	const created = await apiRequest(this, {
		method: 'POST',
		path: endpoints.drafts(socialSetId),
		body: { platforms: content.platforms, ...fields.body, ...(await tags()), ...dates },
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
