import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { paramError } from '../../helpers/validation';
import type { Access, OperationResult, ToolGate } from '../types';
import { contentFields } from './content';
import { checkLengths } from './content/lengths';
import { checkMedia, knownKindsOf, recheckServedMedia } from './content/mediaCheck';
import { checkTextMarkers } from './content/markerCheck';
import { readUpdateContent, wholeDraftProblem } from './content/mergeContent';
import type { ServedCheck } from '../../mediaUpload/pendingMedia';
import {
	draftFields,
	draftIdField,
	excludeMarkersOption,
	readDraftFields,
} from './fields/draftFields';
import { checkTagSlugs, tagNamesStep } from './fields/tagNames';
import {
	checkPublishWait,
	publishWaitOptions,
	readOperationOptions,
	waitIfPublishedNow,
} from './publish';
import { checkPublishPolicy } from '../../helpers/publishPolicy';
import { getDraft, getDraftTarget, patchDraft } from './draftRequests';
import type { Query } from '../../../common/transport';
import { validateUpdate } from './validateOnly';
import { validateOnlyOption } from './validateOnly/collect';
import { updateDownloads, updateDryRun, updatePublishes, updateShares } from './dryRuns';
import { toolGate } from '../toolRule';
import { reconcileUpdate } from './reconcile';
import type { PlannedUpdate } from './updatePlan';
import { UPDATE_PLAN, earlierUpdate } from './updatePlan';
import { planBody } from '../retry/planned';

export const description: INodeProperties[] = updateDisplayOptions(
	{ show: { resource: ['draft'], operation: ['update'] } },
	[
		socialSetLocator,
		draftIdField,
		...contentFields(true),
		draftFields(true),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: (
				[
					excludeMarkersOption,
					{
						displayName: 'Force Overwrite Comments',
						name: 'forceOverwriteComments',
						type: 'boolean',
						default: false,
						description:
							'Whether to accept text that drops comment-thread markers: the service then resolves those threads and removes their anchors. Off, such an update fails and lists the missing markers.',
					},
					...publishWaitOptions,
					validateOnlyOption,
				] as INodeProperties[]
			).sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
);

const MARKER_HINT =
	'To keep these comment threads, send the text again with their <svc:comment-thread> markers (read the draft without "Exclude Comment Markers" and edit around them). To drop them, turn on "Force Overwrite Comments": the service resolves those threads and removes their anchors.';

/** A 409 COMMENTS_MARKER_MISMATCH gets the way out in this operation's own fields. */
function withMarkerHint(error: unknown): unknown {
	if (
		error instanceof NodeApiError &&
		(error.context.service as { code?: string } | undefined)?.code === 'COMMENTS_MARKER_MISMATCH'
	) {
		error.description = [error.description, MARKER_HINT].filter(Boolean).join('\n');
	}
	return error;
}

/**
 * The platforms to send, built once from the draft as read and checked before any upload; `checkServed` checks
 * the media again once the Media URLs are opened, by what they serve.
 */
function checkBuilt(
	context: IExecuteFunctions,
	itemIndex: number,
	update: {
		content: NonNullable<ReturnType<typeof readUpdateContent>>;
		draft: IDataObject | undefined;
		draftId: number;
	},
): { sent: IDataObject; checkServed: ServedCheck } {
	const { content, draft, draftId } = update;
	const current = draft?.platforms as IDataObject | undefined;
	const built = content.build(current);
	if ('problem' in built) throw paramError(context, itemIndex, built.label, built.problem);
	const whole = draft ? wholeDraftProblem(current, built.platforms) : undefined;
	if (whole)
		throw new NodeOperationError(
			context.getNode(),
			`Draft ${draftId} cannot be updated: the update ${whole} [item ${itemIndex}]`,
			{ itemIndex },
		);
	checkTextMarkers(context, itemIndex, built.platforms);
	checkLengths(context, itemIndex, built.platforms, {
		settings: content.lengths,
		labelOf: () => content.label,
	});
	const where = { known: knownKindsOf(current), fallback: content.label };
	checkMedia(context, itemIndex, built.platforms, content.media, where);
	return {
		sent: built.platforms,
		checkServed: (served) =>
			recheckServedMedia(context, itemIndex, built.platforms, content.media, { ...where, served }),
	};
}

/**
 * Partial update (Drafts: PATCH). Content edits are merged into the draft as read (without excluding comment
 * markers) and the touched platforms are sent whole, so nothing the user did not name is lost. The body is built
 * once and every check runs on it before the uploads and the PATCH. Between the read and the write the API offers no lock: last writer wins.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const options = readOperationOptions(this, itemIndex);
	if (options.validateOnly === true) return await validateUpdate(this, itemIndex);
	const target = getDraftTarget(this, itemIndex);
	checkPublishWait(this, itemIndex, options);
	// Retry On Fail after a lost answer: the same PATCH again, not one built from the draft as it is now
	const earlier = earlierUpdate(this);
	if (earlier) return await sendUpdate(this, itemIndex, target, earlier, options);
	const content = readUpdateContent(this, itemIndex, target.socialSetId);
	const fields = readDraftFields(this, itemIndex, target.socialSetId, true);
	const body: IDataObject = { ...fields.body };
	if (options.forceOverwriteComments === true) body.force_overwrite_comments = true;
	if (!content && Object.keys(body).length === 0 && !fields.hasDates && !fields.tagNames) {
		throw paramError(
			this,
			itemIndex,
			'Update Fields',
			'is empty and the content is kept; there is nothing to update',
		);
	}
	// Read the draft when merging, or when the update publishes or schedules (Rules on platform content 5).
	const draft =
		content?.needsDraft || fields.publishKind ? await getDraft(this, itemIndex, target) : undefined;
	const current = draft?.platforms as IDataObject | undefined;
	const { sent, checkServed } = content
		? checkBuilt(this, itemIndex, { content, draft, draftId: target.draftId })
		: { sent: undefined, checkServed: undefined };
	// a content edit of a scheduled draft that stays scheduled counts as scheduling it (no new Plan At or Publish At)
	const kind = fields.hasDates
		? fields.publishKind
		: draft?.status === 'scheduled' && content
			? 'schedule'
			: undefined;
	checkPublishPolicy(
		this,
		itemIndex,
		{ ...(current ?? {}), ...(sent ?? {}) },
		kind,
		`Draft ${target.draftId}`,
	);
	await checkTagSlugs(this, itemIndex, target.socialSetId, body);
	const tags = await tagNamesStep(this, itemIndex, target.socialSetId, {
		request: fields.tagNames,
		body,
		currentTags: async () => (draft ?? (await getDraft(this, itemIndex, target))).tags,
	});
	const dates = await fields.dates();
	if (content && sent) {
		await content.upload(sent, checkServed);
		body.platforms = sent;
	}
	Object.assign(body, await tags());
	const qs = options.excludeCommentMarkers === true ? { exclude_comment_markers: true } : undefined;
	const planned: PlannedUpdate = { body: { ...body, ...dates }, ...(qs ? { qs } : {}) };
	planBody(this, UPDATE_PLAN, planned as unknown as IDataObject);
	return await sendUpdate(this, itemIndex, target, planned, options);
}

/** The PATCH, then the wait for a publish it started (Publish At "now" with Wait for Completion). */
async function sendUpdate(
	context: IExecuteFunctions,
	itemIndex: number,
	target: ReturnType<typeof getDraftTarget>,
	planned: PlannedUpdate,
	options: ReturnType<typeof readOperationOptions>,
): Promise<OperationResult> {
	const { body, qs } = planned;
	const updated = await patchDraft(context, itemIndex, target, body, qs as Query | undefined).catch(
		(error: unknown) => {
			throw withMarkerHint(error);
		},
	);
	const dates: IDataObject = {};
	if ('publish_at' in body) dates.publish_at = body.publish_at;
	if ('plan_at' in body) dates.plan_at = body.plan_at;
	return await waitIfPublishedNow(context, itemIndex, {
		dates,
		draft: target,
		response: updated,
		options,
	});
}

export const access: Access = { kind: 'write', reconcile: reconcileUpdate };

/**
 * As an AI agent's tool, held back when it publishes (Publish At), downloads (Media URLs), or writes a draft
 * that is scheduled or being published (actions/toolRule.ts).
 */
export const gate: ToolGate = toolGate(
	{
		publishes: updatePublishes,
		downloads: updateDownloads,
		shares: updateShares,
		writesTargetDraft: true,
	},
	updateDryRun,
);
