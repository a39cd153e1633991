import { DateTime } from 'luxon';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { SandboxFixture } from '../harness/sandbox';
import { byId } from '../harness/workflows';
import { fileItem, PNG_BYTES, readyMediaId } from '../nodes/SocialPublishing/media/fixtures';
import { api } from '../nodes/SocialPublishing/draft/fixtures';
import type { CatalogOperation } from './catalog';
import { shownParameters } from './catalog';

/**
 * What an operation acts on in a sandbox (a draft with a comment thread, a ready media, a tag), and the
 * parameters that make each operation of the node a valid call on them. Values are given by parameter
 * name, so a new operation that uses the node's usual fields (social set, draft, media, thread, comment,
 * text, dates) is valid without an edit here; one that needs a field no name here fills is reported by
 * `missingValues` (the property suites fail on it), never skipped.
 */

/**
 * The sandbox options every property suite starts from. A suite makes a fresh target draft for each run of a
 * write, and on a fast machine that is more than the service's limit of draft creations per social set in a
 * window (spec: Rate limits; the sandbox's default 500 a minute): the suite then fails on a 429 of its own
 * set-up, not on the node. Rate limits are not what these suites check (the rate-limit tests do), so the
 * suites' sandboxes lift them.
 */
export const PROPERTY_SANDBOX = {
	rateLimits: {
		user: { limit: 1_000_000_000, windowSeconds: 60 },
		socialSet: { limit: 1_000_000_000, windowSeconds: 60 },
	},
} as const;

export const SOCIAL_SET = 101;
/** The post text of the target draft; `SELECTED` is a part of it a comment thread anchors on. */
export const TARGET_TEXT = 'one two three four five six seven eight';
export const SELECTED = 'two three';

/** The states a target draft can be made in (spec: States and transitions). */
export type DraftState = 'draft' | 'planned' | 'scheduled' | 'published' | 'error';
export const DRAFT_STATES: DraftState[] = ['draft', 'planned', 'scheduled', 'published', 'error'];

export interface Targets {
	draftId: number;
	/** the state the draft was made in */
	state: DraftState;
	mediaId: string;
	threadId: string;
	commentId: string;
	tagName: string;
}

/** Targets that name nothing the sandbox holds: for filling parameters that are not run. */
export const PLACEHOLDER_TARGETS: Targets = {
	draftId: 1,
	state: 'draft',
	mediaId: 'm',
	threadId: 't',
	commentId: 'c',
	tagName: 'n',
};

/** Makes the targets over plain HTTP (outside the node) in the fixture's sandbox, the draft in `state`. */
export async function makeTargets(
	fx: SandboxFixture,
	state: DraftState = 'draft',
): Promise<Targets> {
	const text = state === 'error' ? `${TARGET_TEXT} #fail` : TARGET_TEXT;
	const draftId = (
		await must<{ id: number }>(fx, 'POST', `/v2/social-sets/${SOCIAL_SET}/drafts`, {
			platforms: { x: { enabled: true, posts: [{ text }], settings: {} } },
		})
	).id;
	const draftPath = `/v2/social-sets/${SOCIAL_SET}/drafts/${draftId}`;
	const thread = await must<{ id: string; comments: Array<{ id: string }> }>(
		fx,
		'POST',
		`${draftPath}/comment-threads`,
		{ post_index: 0, selected_text: SELECTED, text: 'First comment' },
	);
	const mediaId = await readyMediaId(fx, 'target.png', 'Target alt text');
	const tagName = 'property-target';
	await api(fx, 'POST', `/v2/social-sets/${SOCIAL_SET}/tags`, { name: tagName });
	if (state === 'planned') await must(fx, 'PATCH', draftPath, { plan_at: inDays(2) });
	if (state === 'scheduled') await must(fx, 'PATCH', draftPath, { publish_at: inDays(2) });
	if (state === 'published' || state === 'error') {
		await must(fx, 'PATCH', draftPath, { publish_at: 'now' });
		await untilStatus(fx, draftPath, state);
	}
	return {
		draftId,
		state,
		mediaId,
		threadId: thread.id,
		commentId: thread.comments[0].id,
		tagName,
	};
}

async function must<T>(
	fx: SandboxFixture,
	method: string,
	path: string,
	body: unknown,
): Promise<T> {
	const { status, body: answer } = await api<T>(fx, method, path, body);
	if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(answer)}`);
	return answer;
}

async function untilStatus(fx: SandboxFixture, path: string, status: string): Promise<void> {
	for (let i = 0; i < 200; i++) {
		const { body } = await api<{ status: string; publish_state?: string }>(fx, 'GET', path);
		if (body.status === status && body.publish_state !== 'in_progress') return;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error(`${path} did not become ${status}`);
}

/**
 * The time the suites' dates count from, read once when the file loads: two runs compared with each other
 * (a clean run and a faulted one) get the same dates even when an hour or a day turns between them.
 */
export const SUITE_START = DateTime.now().toUTC();
const inDays = (days: number) => SUITE_START.plus({ days }).startOf('hour').toISO();

const day = (offset: number) => SUITE_START.startOf('day').plus({ days: offset });

/** A value by parameter name, for the parameters that have no usable default. */
function valueFor(name: string, op: CatalogOperation, t: Targets): unknown {
	switch (name) {
		case 'socialSetId':
			return byId(SOCIAL_SET);
		case 'draftId':
			return String(t.draftId);
		case 'mediaId':
			return t.mediaId;
		case 'threadId':
			return t.threadId;
		case 'commentId':
			return t.commentId;
		case 'platforms':
			return ['x'];
		case 'text':
			return op.resource === 'draft' ? 'A property post' : 'A property comment';
		case 'selectedText':
			return SELECTED;
		case 'articleMarkdown':
			return '# A property article\n\nIts one paragraph.';
		case 'organizationUrl':
			return 'https://www.linkedin.com/company/acme-robotics/';
		case 'name':
			return 'property-tag';
		case 'updateFields': // an Update that keeps the content changes a field
			return { draftTitle: 'A property title' };
		case 'altText':
			return 'Property alt text';
		case 'date':
		case 'copyDate':
			return day(3).plus({ hours: 10 }).toISO();
		case 'startDate':
			return (op.resource === 'analytics' ? day(-30) : day(0)).toISODate();
		case 'endDate':
			return (op.resource === 'analytics' ? day(0) : day(7)).toISODate();
		default:
			return undefined;
	}
}

/** Whether a shown parameter needs a value the node's default does not give. */
function needsValue(parameter: { required?: boolean; default?: unknown; name: string }): boolean {
	if (ALWAYS_GIVEN.has(parameter.name)) return true;
	const empty =
		parameter.default === '' ||
		parameter.default === undefined ||
		(Array.isArray(parameter.default) && parameter.default.length === 0);
	return parameter.required === true && empty;
}
/** Given whenever shown: what a call acts on, and the text and date a call without them has no use for. */
const ALWAYS_GIVEN = new Set([
	'updateFields',
	'socialSetId',
	'draftId',
	'mediaId',
	'threadId',
	'commentId',
	'text',
	'date',
]);

/**
 * The parameters of a valid call of `op` on the targets: resource and operation, each shown parameter
 * that needs one given its value by name, everything else left to the node's defaults (as a workflow
 * saved by the editor leaves them). `extra` is set first, so it decides what shows.
 */
export function baseParameters(
	op: CatalogOperation,
	t: Targets,
	extra: INodeParameters = {},
	tool = false,
): INodeParameters {
	const parameters: INodeParameters = {
		resource: op.resource,
		operation: op.operation,
		...extra,
	};
	for (const parameter of shownParameters(parameters, tool)) {
		if (parameter.name in parameters || !needsValue(parameter)) continue;
		const value = valueFor(parameter.name, op, t);
		if (value !== undefined) parameters[parameter.name] = value as INodeParameters[string];
	}
	return parameters;
}

/** The shown parameters of a call that need a value and got none: a new field the catalog cannot fill. */
export function missingValues(parameters: INodeParameters, tool = false): string[] {
	return shownParameters(parameters, tool)
		.filter((p) => needsValue(p) && !(p.name in parameters))
		.map((p) => p.name);
}

/** The input item of every call: a PNG in binary property `data` (what Media > Upload reads by default). */
export function inputItem(): INodeExecutionData {
	return fileItem(PNG_BYTES, 'property.png');
}

/**
 * The states a target draft can be in for the AI tool's rule: the spec's stored states, and `publishing`,
 * a scheduled draft whose date came (its publish in flight), and `publishingNow`, a draft published now
 * whose publish is in flight (its stored status stays `draft`, `publish_state` is `in_progress`). The two
 * in-flight states need a sandbox whose publishes stay in flight: `useSandbox({ publishDelayMs: large })`.
 */
export type TargetState = DraftState | 'publishing' | 'publishingNow';
export const TARGET_STATES: TargetState[] = [...DRAFT_STATES, 'publishing', 'publishingNow'];
/** The states whose draft is public or will become public by itself: its content, date and status are held. */
export const LIVE_STATES: TargetState[] = ['scheduled', 'publishing', 'publishingNow'];

/**
 * Targets as `makeTargets` makes them, the ready media also used by the draft's post (so a change of its
 * alt text would show in the draft), the draft brought into `state`. The sandbox's clock is moved for
 * `publishing`: run it on a sandbox reset before each call.
 */
export async function makeTargetsAt(
	fx: SandboxFixture,
	state: TargetState,
): Promise<Targets & { at: TargetState }> {
	const tagName = 'property-target';
	const [mediaId] = await Promise.all([
		quickReadyMedia(fx),
		must(fx, 'POST', `/v2/social-sets/${SOCIAL_SET}/tags`, { name: tagName }),
	]);
	const text = state === 'error' ? `${TARGET_TEXT} #fail` : TARGET_TEXT;
	const draftId = (
		await must<{ id: number }>(fx, 'POST', `/v2/social-sets/${SOCIAL_SET}/drafts`, {
			platforms: { x: { enabled: true, posts: [{ text, media_ids: [mediaId] }], settings: {} } },
			tags: ['property-target'],
		})
	).id;
	const draftPath = `/v2/social-sets/${SOCIAL_SET}/drafts/${draftId}`;
	const thread = await must<{ id: string; comments: Array<{ id: string }> }>(
		fx,
		'POST',
		`${draftPath}/comment-threads`,
		{ post_index: 0, selected_text: SELECTED, text: 'First comment' },
	);
	const made: DraftState =
		state === 'publishing' ? 'scheduled' : state === 'publishingNow' ? 'draft' : state;
	if (state === 'planned') await must(fx, 'PATCH', draftPath, { plan_at: inDays(2) });
	if (state === 'scheduled') await must(fx, 'PATCH', draftPath, { publish_at: inDays(2) });
	if (state === 'publishing') {
		const soon = DateTime.fromJSDate(fx.sandbox.clock.now()).toUTC().plus({ minutes: 5 });
		await must(fx, 'PATCH', draftPath, { publish_at: soon.toISO() });
		await fx.sandbox.clock.advance(10 * 60_000);
		await untilInFlight(fx, draftPath, 'publishing');
	}
	if (state === 'publishingNow') {
		await must(fx, 'PATCH', draftPath, { publish_at: 'now' });
		await untilInFlight(fx, draftPath, 'draft');
	}
	if (state === 'published' || state === 'error') {
		await must(fx, 'PATCH', draftPath, { publish_at: 'now' });
		await untilStatus(fx, draftPath, state);
	}
	return {
		draftId,
		state: made,
		at: state,
		mediaId,
		threadId: thread.id,
		commentId: thread.comments[0].id,
		tagName,
	};
}

async function untilInFlight(fx: SandboxFixture, path: string, status: string): Promise<void> {
	for (let i = 0; i < 200; i++) {
		const { body } = await api<{ status: string; publish_state?: string }>(fx, 'GET', path);
		if (body.status === status && body.publish_state === 'in_progress') return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`${path} did not start publishing`);
}

/** A ready media with alt text, made over HTTP; polled often (the property suites' sandboxes process in 1 ms). */
async function quickReadyMedia(fx: SandboxFixture): Promise<string> {
	const upload = await must<{ media_id: string; upload_url: string }>(
		fx,
		'POST',
		`/v2/social-sets/${SOCIAL_SET}/media/upload`,
		{ file_name: 'target.png', alt_text: 'Target alt text' },
	);
	await fetch(upload.upload_url, { method: 'PUT', body: PNG_BYTES });
	for (let i = 0; i < 500; i++) {
		const { body } = await api<{ status: string }>(
			fx,
			'GET',
			`/v2/social-sets/${SOCIAL_SET}/media/${upload.media_id}`,
		);
		if (body.status === 'ready') return upload.media_id;
		await new Promise((resolve) => setTimeout(resolve, 2));
	}
	throw new Error('media did not become ready');
}

/**
 * The target draft's X thread made longer: the posts `texts` after its first post (which holds the
 * comment thread's anchor), as a workflow's earlier step would have written them.
 */
export async function addPosts(fx: SandboxFixture, t: Targets, texts: string[]): Promise<void> {
	const path = `/v2/social-sets/${SOCIAL_SET}/drafts/${t.draftId}`;
	const draft = await must<{ platforms: { x: { posts: Array<{ text: string }> } } }>(
		fx,
		'GET',
		path,
		undefined,
	);
	const first = draft.platforms.x.posts[0].text;
	await must(fx, 'PATCH', path, {
		platforms: {
			x: { enabled: true, posts: [first, ...texts].map((text) => ({ text })), settings: {} },
		},
	});
}

/**
 * Spellings of one id that the operation reads as that id (actions/params.ts): a draft's or social set's
 * whole number with leading zeros, spaces around it, or as a number; a media UUID in upper case or with
 * spaces. Items that name one target in two of them are one target to the in-flight ordering.
 */
export function idSpellings(name: string, value: string | number): unknown[] {
	const text = String(value);
	if (name === 'mediaId') return [text, text.toUpperCase(), ` ${text} `];
	return [text, `0${text}`, `00${text}`, ` ${text} `, Number(text)];
}

/** The fields that name what a write changes in place, as parallel/target.ts reads them, with their id in the targets. */
export function targetIds(t: Targets): Record<string, string | number> {
	return { draftId: t.draftId, mediaId: t.mediaId, socialSetId: SOCIAL_SET };
}
