import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult, ToolGate } from '../types';
import { contentFields } from './content';
import { draftFields, draftIdField, excludeMarkersOption } from './fields/draftFields';
import { checkPublishWait, publishWaitOptions, waitIfPublishedNow } from './publish';
import { getDraftTarget, patchDraft, readTargetDraft } from './draftRequests';
import type { Query } from '../../../common/transport';
import { validateUpdate } from './validateOnly';
import { validateOnlyOption } from './validateOnly/collect';
import {
	updateDownloads,
	updateDryRun,
	updateEndsReview,
	updatePublishes,
	updateShares,
} from './dryRuns';
import { toolGate } from '../toolRule';
import { reconcileUpdate } from './reconcile';
import { stopAtFirstChecks } from './plan/checks';
import type { PlannedUpdate } from './plan/remembered';
import { earlierUpdate, rememberUpdate } from './plan/remembered';
import { planUpdate } from './plan/update';
import { requireResolvedOption } from './openThreads';
import { readOperationOptions } from '../params';

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
					{
						...requireResolvedOption,
						description:
							'Whether, when Publish At is set, to refuse the update while the draft has unresolved comment threads, naming them; nothing is sent then. Costs one request.',
					},
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
	const { content, body, built, tags, dates } = await planUpdate(
		this,
		itemIndex,
		stopAtFirstChecks,
		target,
	);
	if (content && built) {
		await content.upload(built.sent, built.checkServed);
		body.platforms = built.sent;
	}
	Object.assign(body, await tags());
	const qs = options.excludeCommentMarkers === true ? { exclude_comment_markers: true } : undefined;
	const planned: PlannedUpdate = { body: { ...body, ...dates }, ...(qs ? { qs } : {}) };
	rememberUpdate(this, planned);
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
 * As an AI agent's tool, held back when it publishes (Publish At), downloads (Media URLs), shares (Share on),
 * may end the draft's review (Force Overwrite Comments), or writes a draft that is scheduled or being
 * published (actions/toolRule.ts).
 */
export const gate: ToolGate = toolGate(
	{
		publishes: updatePublishes,
		downloads: updateDownloads,
		shares: updateShares,
		endsReview: updateEndsReview,
		writesTargetDraft: readTargetDraft,
	},
	updateDryRun,
);
