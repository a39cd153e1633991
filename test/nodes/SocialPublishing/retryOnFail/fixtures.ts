import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import type { RunResult, WorkflowJson } from '../../../harness/runWorkflow';
import { NODE, singleNodeWorkflow } from '../../../harness/workflows';
import { api, createText } from '../draft/fixtures';

/**
 * n8n's Retry On Fail as the editor saves it: 3 tries, 10 ms apart (n8n-core reads 0 as its default of
 * 1000 ms, so 10 ms is the shortest wait that keeps these tests quick).
 */
export const RETRY: Partial<INode> = { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 };

/** One Social Publishing node with Retry On Fail (and any other settings). */
export function retryWorkflow(
	parameters: INodeParameters,
	settings: Partial<INode> = {},
): WorkflowJson {
	const json = singleNodeWorkflow(parameters);
	Object.assign(json.nodes[1], RETRY, settings);
	return json;
}

/** Runs the node with Retry On Fail on the given items. */
export async function runWithRetry(
	fx: SandboxFixture,
	parameters: INodeParameters,
	input: IDataObject[],
	settings: Partial<INode> = {},
	key: KeyName = 'admin',
): Promise<{ result: RunResult; items: IDataObject[] }> {
	const result = await fx.run(retryWorkflow(parameters, settings), {
		input: input.map((json) => ({ json })),
		key,
	});
	const items = result.output(NODE).map((item) => item.json);
	return { result, items };
}

/** Requests of one method and path (a path ending in `*` matches the prefix). */
export function sent(fx: SandboxFixture, method: string, path: string) {
	return fx
		.apiRequests()
		.filter(
			(r) =>
				r.method === method &&
				(path.endsWith('*') ? r.path.startsWith(path.slice(0, -1)) : r.path === path),
		);
}

/** Drafts of social set 101 whose title is `title` (read straight from the service). */
export async function draftsTitled(fx: SandboxFixture, title: string): Promise<IDataObject[]> {
	const { body } = await api<{ results: IDataObject[] }>(
		fx,
		'GET',
		'/v2/social-sets/101/drafts?limit=50&order_by=-created_at',
	);
	return body.results.filter((draft) => draft.draft_title === title);
}

/** After each test: no fault left armed, an empty request log. */
export function clearFaultsAndRequests(fx: SandboxFixture): void {
	fx.sandbox.faults.clear();
	fx.sandbox.clearRequests();
}

/** Create from each item's text, title, tags and media (the node's parameters as a workflow would set them). */
export const createFromItems = (extra: IDataObject = {}, options: IDataObject = {}) =>
	createText('={{ $json.text }}', ['x'], {
		mediaIds: '={{ $json.media }}',
		additionalFields: { draftTitle: '={{ $json.title }}', tags: '={{ $json.tags }}', ...extra },
		options,
	});

/** A media id the service does not have: only the service finds that out, so it refuses the item every time. */
export const UNKNOWN_MEDIA = '00000000-0000-4000-8000-000000000000';

/** Three items titled `title` for `createFromItems`; with `badThird` the third names `UNKNOWN_MEDIA`. */
export const titledItems = (title: string, badThird = false) => [
	{ text: `${title} one`, title, tags: 'launch', media: '' },
	{ text: `${title} two`, title, tags: 'launch', media: '' },
	{ text: `${title} three`, title, tags: 'launch', media: badThird ? UNKNOWN_MEDIA : '' },
];
