import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { echo, echoList } from '../../../common/text/echo';
import { displayUrl } from '../../helpers/mediaFiles';
import { parsePlatformsJson, toList } from '../../helpers/validation';
import { ASK_TO_CONFIRM } from '../confirm';
import { isLiveDraft } from '../toolRule';
import { getSocialSetId, readOperationOptions } from '../params';
import { readGivenMediaUrls } from './content/posts/read';
import type { DraftTarget } from './draftRequests';
import { getDraft, getDraftTarget } from './draftRequests';
import { checkResolvedComments, requiresResolved } from './openThreads';
import { Problems } from './validateOnly/collect';
import { validateCreate, validateUpdate } from './validateOnly';

/**
 * The draft operations' answers while an AI agent's tool call is not confirmed (actions/confirm.ts):
 * the action, the draft and platforms it would act on (the draft read with GET where that names them),
 * and for Create and Update what Validate Only finds. Nothing is written.
 */

/** Platform names a dry-run answer lists at most (the given list may come from anywhere). */
const MAX_PLATFORMS_SHOWN = 20;

/** Media URLs a dry-run answer lists at most (the message counts the rest). */
const MAX_URLS_SHOWN = 20;

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

/** Validate Only lists the first problems and counts the rest in `problemsOmitted`: the message counts both. */
function problemCount(validation: IDataObject): number {
	const omitted = validation.problemsOmitted;
	return (validation.problems as unknown[]).length + (typeof omitted === 'number' ? omitted : 0);
}

/** What a Create or Update call gives that holds it back: a Publish At, Media URLs to download. */
interface DraftWriteCall {
	publishAt: unknown;
	mediaUrls: string[];
	/** Share on: the draft gets a public share URL (spec: Create draft, `share`) */
	shares: boolean;
}

/** What one draft dry run shows. */
interface DraftDryRun extends DraftWriteCall {
	action: string;
	draftId: number | null;
	platforms: string[];
	would: string;
	/** Delete names the platforms the draft has; the others, those they would act on. */
	platformsOfDraft?: boolean;
	/** A sentence saying why the call waits, where its effects alone do not say it. */
	why?: string;
	validation?: IDataObject;
}

function draftAnswer(socialSetId: number, run: DraftDryRun): IDataObject {
	const { platforms, publishAt, mediaUrls, validation } = run;
	const listed = echoList(platforms, 40);
	const where = !platforms.length
		? ''
		: run.platformsOfDraft
			? ` (its platforms: ${listed})`
			: ` on ${listed}`;
	return {
		dry_run: true,
		done: false,
		action: run.action,
		draft_id: run.draftId,
		social_set_id: socialSetId,
		platforms: platforms.slice(0, MAX_PLATFORMS_SHOWN).map((platform) => echo(platform, 40)),
		...(publishAt !== undefined ? { publish_at: givenDate(publishAt) } : {}),
		...(mediaUrls.length
			? { media_urls: mediaUrls.slice(0, MAX_URLS_SHOWN).map((url) => echo(url)) }
			: {}),
		...(validation ? { validation } : {}),
		message: `Nothing was done. This would ${run.would}${where} in social set ${socialSetId}.${run.why ? ` ${run.why}` : ''}${validation && !validation.valid ? ` It has ${problemCount(validation)} problem(s) to fix first (see validation.problems).` : ''} ${ASK_TO_CONFIRM}`,
	};
}

/** Publish At and the Media URLs, read as the content reads them: a file the call names is downloaded before any write. */
function readWriteCall(
	context: IExecuteFunctions,
	itemIndex: number,
	fieldsParameter: string,
	contentTypeDefault: string,
): DraftWriteCall {
	const fields = context.getNodeParameter(fieldsParameter, itemIndex, {}) as IDataObject;
	const contentType = context.getNodeParameter(
		'contentType',
		itemIndex,
		contentTypeDefault,
	) as string;
	const mediaUrls = readGivenMediaUrls(context, itemIndex, contentType).map(displayUrl);
	return {
		publishAt: isSet(fields.publishAt) ? fields.publishAt : undefined,
		mediaUrls,
		shares: fields.share === true,
	};
}

const readCreateCall = (context: IExecuteFunctions, itemIndex: number) =>
	readWriteCall(context, itemIndex, 'additionalFields', 'posts');

const readUpdateCall = (context: IExecuteFunctions, itemIndex: number) =>
	readWriteCall(context, itemIndex, 'updateFields', 'keep');

const publishes = (call: DraftWriteCall) =>
	`${call.publishAt !== undefined ? ` and publish it ${describeWhen(call.publishAt)}` : ''}${call.shares ? ' and make it readable by anyone with its share link' : ''}`;

/**
 * Create and Update publish with Publish At, download with Media URLs, and make the draft readable by anyone
 * with its link with Share on (their `PublicEffects`).
 */
export const createPublishes = (context: IExecuteFunctions, itemIndex: number) =>
	readCreateCall(context, itemIndex).publishAt !== undefined;

export const createDownloads = (context: IExecuteFunctions, itemIndex: number) =>
	readCreateCall(context, itemIndex).mediaUrls.length > 0;

export const createShares = (context: IExecuteFunctions, itemIndex: number) =>
	readCreateCall(context, itemIndex).shares;

export const updateShares = (context: IExecuteFunctions, itemIndex: number) =>
	readUpdateCall(context, itemIndex).shares;

export const updatePublishes = (context: IExecuteFunctions, itemIndex: number) =>
	readUpdateCall(context, itemIndex).publishAt !== undefined;

export const updateDownloads = (context: IExecuteFunctions, itemIndex: number) =>
	readUpdateCall(context, itemIndex).mediaUrls.length > 0;

/**
 * Update with Force Overwrite Comments may end the draft's review: the service resolves the threads whose
 * markers the text drops (spec: Drafts, marker rules on PATCH). Held whenever the option is on, whatever the
 * draft's threads are now: a thread may be opened between a read and the write, and the API offers no lock.
 */
export const updateEndsReview = (context: IExecuteFunctions, itemIndex: number) =>
	readOperationOptions(context, itemIndex).forceOverwriteComments === true;

const REVIEW_NOTE =
	'With Force Overwrite Comments on, the service resolves the comment threads whose markers the text drops, and a draft whose threads are all resolved may be scheduled: a review ends when people say so.';

export async function createDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const call = readCreateCall(context, itemIndex);
	const socialSetId = getSocialSetId(context, itemIndex);
	const platforms = contentPlatforms(context, itemIndex) ?? [];
	const would = `${describeDownloads(call.mediaUrls)}create a draft${publishes(call)}`;
	// Create and Update also show what Validate Only shows: the body, each platform's posts, every problem
	const validation = await validateCreate(context, itemIndex);
	return draftAnswer(socialSetId, {
		...call,
		action: 'create',
		draftId: null,
		platforms,
		would,
		validation,
	});
}

/**
 * Why an edit of this draft waits (actions/toolRule.ts): it is scheduled or being published, so what it
 * holds is what goes out. Undefined for a draft that publishes nothing by itself.
 */
function liveNote(draftId: number, draft: IDataObject): string | undefined {
	if (!isLiveDraft(draft)) return undefined;
	if (draft.status === 'scheduled')
		return `Draft ${draftId} is scheduled to publish at ${echo(draft.scheduled_date)}, so what it holds then is what goes out.`;
	return `Draft ${draftId} is being published now, so what it holds is what goes out.`;
}

export async function updateDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<IDataObject> {
	const call = readUpdateCall(context, itemIndex);
	const socialSetId = getSocialSetId(context, itemIndex);
	const target = getDraftTarget(context, itemIndex);
	const draft = await getDraft(context, itemIndex, target);
	const platforms = contentPlatforms(context, itemIndex) ?? enabledPlatforms(draft.platforms);
	const would = `${describeDownloads(call.mediaUrls)}update draft ${target.draftId}${publishes(call)}`;
	const validation = await validateUpdate(context, itemIndex);
	return draftAnswer(socialSetId, {
		...call,
		action: 'update',
		draftId: target.draftId,
		platforms,
		would,
		why: [
			liveNote(target.draftId, draft),
			updateEndsReview(context, itemIndex) ? REVIEW_NOTE : undefined,
		]
			.filter(Boolean)
			.join(' '),
		validation,
	});
}

/** Delete, Publish Now, Schedule: the draft as the service has it, for its platforms. */
async function existingDraftDryRun(
	context: IExecuteFunctions,
	itemIndex: number,
	action: string,
	describe: (draftId: number) => Pick<DraftDryRun, 'would' | 'platformsOfDraft'>,
	checksReview = false,
): Promise<IDataObject> {
	const socialSetId = getSocialSetId(context, itemIndex);
	const target = getDraftTarget(context, itemIndex);
	const platforms = enabledPlatforms((await getDraft(context, itemIndex, target)).platforms);
	return draftAnswer(socialSetId, {
		action,
		draftId: target.draftId,
		platforms,
		publishAt: undefined,
		mediaUrls: [],
		shares: false,
		...describe(target.draftId),
		...(checksReview ? { validation: await reviewValidation(context, itemIndex, target) } : {}),
	});
}

/** Schedule and Publish Now with Require Resolved Comments: the check they would run, its refusal as a problem. */
async function reviewValidation(
	context: IExecuteFunctions,
	itemIndex: number,
	target: DraftTarget,
): Promise<IDataObject | undefined> {
	if (!requiresResolved(readOperationOptions(context, itemIndex))) return undefined;
	const problems = new Problems();
	await problems.runAsync(async () => await checkResolvedComments(context, itemIndex, target));
	return problems.verdict();
}

export const deleteDryRun = async (context: IExecuteFunctions, itemIndex: number) =>
	await existingDraftDryRun(context, itemIndex, 'delete', (draftId) => ({
		would: `delete draft ${draftId} permanently`,
		platformsOfDraft: true,
	}));

export const publishNowDryRun = async (context: IExecuteFunctions, itemIndex: number) =>
	await existingDraftDryRun(
		context,
		itemIndex,
		'publishNow',
		(draftId) => ({ would: `publish draft ${draftId} immediately` }),
		true,
	);

/** Plan is held back only for a draft that is scheduled or being published: the plan takes it off the schedule. */
export const planDryRun = async (context: IExecuteFunctions, itemIndex: number) =>
	await existingDraftDryRun(context, itemIndex, 'plan', (draftId) => {
		const when = context.getNodeParameter('when', itemIndex, 'date') as string;
		const date = context.getNodeParameter('date', itemIndex, '') as unknown;
		const at = when === 'nextFreeSlot' ? describeWhen('next-free-slot') : describeWhen(date);
		return {
			would: `plan draft ${draftId} ${at}, taking it off its schedule: it is scheduled or being published, and a planned draft does not publish until scheduled again`,
		};
	});

export const unscheduleDryRun = async (context: IExecuteFunctions, itemIndex: number) =>
	await existingDraftDryRun(context, itemIndex, 'unschedule', (draftId) => ({
		would: `remove the date of draft ${draftId}: a scheduled draft would no longer publish, a planned one would lose its date`,
	}));

export const scheduleDryRun = async (context: IExecuteFunctions, itemIndex: number) =>
	await existingDraftDryRun(
		context,
		itemIndex,
		'schedule',
		(draftId) => {
			const when = context.getNodeParameter('when', itemIndex, 'date') as string;
			const date = context.getNodeParameter('date', itemIndex, '') as unknown;
			const at =
				when === 'nextFreeSlot'
					? describeWhen('next-free-slot')
					: isSet(date)
						? describeWhen(date)
						: 'at its planned date';
			return { would: `schedule draft ${draftId} to publish ${at}` };
		},
		true,
	);
