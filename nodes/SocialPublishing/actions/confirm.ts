import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { echo, echoList } from '../../common/transport/errors';
import { getSocialSetId } from './params';
import { parsePlatformsJson, toList } from '../helpers/validation';
import { getDraft, getDraftTarget } from './draft/draftRequests';
import { ASK_TO_CONFIRM, unconfirmedOtherAction } from './dryRuns';
import { validateCreate, validateUpdate } from './draft/validateOnly';
import { readGivenMediaUrls } from './draft/content/posts/read';
import { displayUrl } from '../helpers/mediaFiles';
import { approvedByHumanReview } from './humanReview';

/**
 * AI-agent safety. n8n runs a node with `usableAsTool` as an agent's tool under a node type whose name
 * ends in `Tool` (it adds the suffix when it loads the node). Run that way, the operations that publish,
 * schedule, replace or delete, and every download of a URL the call gives (Media > Upload from a URL, Draft
 * Create and Update with Media URLs), act only when "Confirm" is true;
 * otherwise the tool answers with what it would do and sends no write request. As a regular node nothing
 * changes.
 *
 * This guards against an agent's mistakes (a wrong draft id, a misread request); it is not an access
 * control: whoever can edit the workflow can set "Confirm" to a fixed true, and the credential's API
 * key decides what the node may do.
 */

/** Platform names a dry-run answer lists at most (the given list may come from anywhere). */
const MAX_PLATFORMS_SHOWN = 20;

/** Media URLs a dry-run answer lists at most (the message counts the rest). */
const MAX_URLS_SHOWN = 20;

/** Operations held back until confirmed, by resource. */
export const GATED_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
	draft: ['create', 'delete', 'publishNow', 'schedule', 'update'],
	queue: ['updateSchedule'],
	comment: ['delete'],
	commentThread: ['delete'],
	media: ['upload'],
};

function confirmField(acts: string, show: IDisplayOptions['show']): INodeProperties {
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

export const confirmFields: INodeProperties[] = [
	confirmField(
		'Publish Now, Schedule, Delete, and Create or Update with "Publish At" or with Media URLs (each URL is read and the file uploaded) act',
		{
			resource: ['draft'],
			operation: [...GATED_OPERATIONS.draft],
		},
	),
	confirmField('Update Schedule (it replaces every slot of the queue) acts', {
		resource: ['queue'],
		operation: ['updateSchedule'],
	}),
	confirmField('Delete acts', { resource: ['comment'], operation: ['delete'] }),
	confirmField('Delete (it removes the thread with all its comments) acts', {
		resource: ['commentThread'],
		operation: ['delete'],
	}),
	confirmField('Upload from a URL (the URL is read and the file uploaded) acts', {
		resource: ['media'],
		operation: ['upload'],
		inputSource: ['url'],
	}),
];

/** The answer of `runsAsTool` by context: a node run keeps its node type (and `getNode()` copies the whole node). */
const toolRuns = new WeakMap<IExecuteFunctions, boolean>();

/** Whether this run is the tool variant n8n makes of the node for AI agents. */
export function runsAsTool(context: IExecuteFunctions): boolean {
	let tool = toolRuns.get(context);
	if (tool === undefined) {
		tool = context.getNode().type.endsWith('Tool');
		toolRuns.set(context, tool);
	}
	return tool;
}

function isSet(value: unknown): boolean {
	return (
		value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')
	);
}

function enabledPlatforms(platforms: unknown): string[] {
	if (typeof platforms !== 'object' || platforms === null) return [];
	return Object.entries(platforms as IDataObject)
		.filter(
			([, config]) =>
				typeof config === 'object' && config !== null && (config as IDataObject).enabled !== false,
		)
		.map(([platform]) => platform);
}

/** Platforms the content fields of Create / Update name, or undefined when Update keeps the content. */
function contentPlatforms(context: IExecuteFunctions, itemIndex: number): string[] | undefined {
	const contentType = context.getNodeParameter('contentType', itemIndex, 'posts') as string;
	if (contentType === 'keep') return undefined;
	if (contentType === 'xArticle') return ['x_article'];
	if (contentType === 'json') {
		const parsed = parsePlatformsJson(context.getNodeParameter('platformsJson', itemIndex, ''));
		return 'platforms' in parsed ? enabledPlatforms(parsed.platforms) : [];
	}
	return toList(context.getNodeParameter('platforms', itemIndex, []));
}

/** A date as given, bounded: the model or an expression may give any text (issue 21: every echo bounded). */
function givenDate(value: unknown): string {
	return echo(value instanceof Date ? value.toISOString() : value);
}

function describeWhen(value: unknown): string {
	const text = givenDate(value);
	if (text === 'now') return 'immediately';
	if (text === 'next-free-slot') return 'in the next free queue slot';
	return `at ${text}`;
}

/** The downloads a draft write would start with; the URLs are shown without query string or fragment (they may hold tokens). */
function describeDownloads(urls: string[]): string {
	if (!urls.length) return '';
	const listed = echoList(urls, 300, MAX_URLS_SHOWN);
	return urls.length === 1
		? `download ${listed} and upload the file as media, then `
		: `download ${urls.length} files (${listed}) and upload them as media, then `;
}

/** Whether the operation is one the tool holds back in this run, before "Confirm" is read. */
function isGated(
	context: IExecuteFunctions,
	resource: string,
	operation: string,
	itemIndex: number,
): boolean {
	if (!GATED_OPERATIONS[resource]?.includes(operation) || !runsAsTool(context)) return false;
	if (resource === 'media')
		return context.getNodeParameter('inputSource', itemIndex, 'binary') === 'url';
	return true;
}

/**
 * Undefined when the operation may go ahead: not a tool run, an operation that is not held back, or
 * "Confirm" is true. Otherwise the dry-run answer: the action and what it would act on (read with GET
 * where that names it better), and nothing is written.
 */
export async function unconfirmedToolAction(
	context: IExecuteFunctions,
	resource: string,
	operation: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	if (!isGated(context, resource, operation, itemIndex)) return undefined;
	let publishAt: unknown;
	let mediaUrls: string[] = [];
	if (resource === 'draft' && (operation === 'create' || operation === 'update')) {
		const fields = context.getNodeParameter(
			operation === 'create' ? 'additionalFields' : 'updateFields',
			itemIndex,
			{},
		) as IDataObject;
		// the URLs are read as the content reads them: a file the call names is downloaded before any write
		const contentType = context.getNodeParameter(
			'contentType',
			itemIndex,
			operation === 'create' ? 'posts' : 'keep',
		) as string;
		mediaUrls = readGivenMediaUrls(context, itemIndex, contentType).map(displayUrl);
		if (!isSet(fields.publishAt) && !mediaUrls.length) return undefined;
		if (isSet(fields.publishAt)) publishAt = fields.publishAt;
	}
	if (context.getNodeParameter('confirm', itemIndex, false) === true) return undefined;
	if (approvedByHumanReview(context)) return undefined; // n8n's human review approved this call
	if (resource !== 'draft') return await unconfirmedOtherAction(context, resource, itemIndex);

	const socialSetId = getSocialSetId(context, itemIndex);
	let draftId: number | null = null;
	let platforms: string[];
	let would: string;
	const publishes = publishAt !== undefined ? ` and publish it ${describeWhen(publishAt)}` : '';
	if (operation === 'create') {
		platforms = contentPlatforms(context, itemIndex) ?? [];
		would = `${describeDownloads(mediaUrls)}create a draft${publishes}`;
	} else {
		const target = getDraftTarget(context, itemIndex);
		draftId = target.draftId;
		platforms =
			(operation === 'update' ? contentPlatforms(context, itemIndex) : undefined) ??
			enabledPlatforms((await getDraft(context, itemIndex, target)).platforms);
		if (operation === 'delete') would = `delete draft ${draftId} permanently`;
		else if (operation === 'publishNow') would = `publish draft ${draftId} immediately`;
		else if (operation === 'update')
			would = `${describeDownloads(mediaUrls)}update draft ${draftId}${publishes}`;
		else {
			const when = context.getNodeParameter('when', itemIndex, 'date') as string;
			const date = context.getNodeParameter('date', itemIndex, '') as unknown;
			would = `schedule draft ${draftId} to publish ${when === 'nextFreeSlot' ? describeWhen('next-free-slot') : isSet(date) ? describeWhen(date) : 'at its planned date'}`;
		}
	}
	const listed = echoList(platforms, 40);
	const where = !platforms.length
		? ''
		: operation === 'delete'
			? ` (its platforms: ${listed})`
			: ` on ${listed}`;
	// Create and Update also show what Validate Only shows: the body, each platform's posts, every problem
	const validation =
		operation === 'create'
			? await validateCreate(context, itemIndex)
			: operation === 'update'
				? await validateUpdate(context, itemIndex)
				: undefined;
	return {
		dry_run: true,
		done: false,
		action: operation,
		draft_id: draftId,
		social_set_id: socialSetId,
		platforms: platforms.slice(0, MAX_PLATFORMS_SHOWN).map((platform) => echo(platform, 40)),
		...(publishAt !== undefined ? { publish_at: givenDate(publishAt) } : {}),
		...(mediaUrls.length
			? { media_urls: mediaUrls.slice(0, MAX_URLS_SHOWN).map((url) => echo(url)) }
			: {}),
		...(validation ? { validation } : {}),
		message: `Nothing was done. This would ${would}${where} in social set ${socialSetId}.${validation && !validation.valid ? ` It has ${problemCount(validation)} problem(s) to fix first (see validation.problems).` : ''} ${ASK_TO_CONFIRM}`,
	};
}

/** Validate Only lists the first problems and counts the rest in `problemsOmitted`: the message counts both. */
function problemCount(validation: IDataObject): number {
	const omitted = validation.problemsOmitted;
	return (validation.problems as unknown[]).length + (typeof omitted === 'number' ? omitted : 0);
}
