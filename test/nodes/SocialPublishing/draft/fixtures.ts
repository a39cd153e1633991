import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';

/** Parameters of one Draft operation on social set 101 (or `socialSet`). */
export function draftParams(
	operation: string,
	extra: IDataObject = {},
	socialSet = 101,
): INodeParameters {
	return {
		resource: 'draft',
		operation,
		socialSetId: byId(socialSet),
		...extra,
	} as INodeParameters;
}

/** Create parameters for a one-text post on the given platforms. */
export function createText(
	text: string,
	platforms: string[] = ['x'],
	extra: IDataObject = {},
): INodeParameters {
	return draftParams('create', {
		contentType: 'posts',
		platforms,
		contentMode: 'text',
		text,
		...extra,
	});
}

/** Calls the sandbox directly (test setup, outside the node). */
export async function api<T = IDataObject>(
	fx: SandboxFixture,
	method: string,
	path: string,
	body?: unknown,
	key: KeyName = 'admin',
): Promise<{ status: number; body: T }> {
	const response = await fetch(`${fx.sandbox.baseUrl}${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${fx.sandbox.keys[key]}`,
			...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A draft made directly over HTTP: one X post unless other platforms are given, plus any body fields. */
export async function seedDraft(
	fx: SandboxFixture,
	extra: IDataObject = {},
	socialSet = 101,
): Promise<IDataObject> {
	const body = {
		platforms: { x: { enabled: true, posts: [{ text: 'Seeded post' }], settings: {} } },
		...extra,
	};
	const { status, body: draft } = await api(
		fx,
		'POST',
		`/v2/social-sets/${socialSet}/drafts`,
		body,
	);
	if (status !== 201) throw new Error(`seeding a draft failed: ${status} ${JSON.stringify(draft)}`);
	return draft;
}

/** An ISO date with offset `hours` from now (the sandbox clock runs on real time in these tests). */
export function hoursFromNow(hours: number): string {
	return new Date(Date.now() + hours * 3_600_000).toISOString();
}
