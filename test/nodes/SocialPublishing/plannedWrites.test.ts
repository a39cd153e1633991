import type { IDataObject, IExecuteFunctions, INodeParameters } from 'n8n-workflow';
import { RetryTry } from '../../../nodes/SocialPublishing/actions/retryOnFail';
import { RetryMemory } from '../../../nodes/SocialPublishing/actions/retryOnFail/memory';
import { earlierBody, planBody } from '../../../nodes/SocialPublishing/actions/plannedWrites';
import { writeNoteFor } from '../../../nodes/common/transport/writeWatch';
import { useSandbox } from '../../harness/sandbox';
import { api, seedDraft } from './draft/fixtures';
import { clearFaultsAndRequests, runWithRetry, sent } from './retryOnFail/fixtures';
import { byId } from '../../harness/workflows';

/** A context of one try of a node with (or without) Retry On Fail: n8n gives each try a new one. */
function tryContext(retryOnFail = true): IExecuteFunctions {
	return {
		getNode: () => ({ id: 'n1', name: 'Node', parameters: { a: 1 }, retryOnFail }),
		getExecutionId: () => 'exec-1',
		getWorkflowDataProxy: () => ({ $runIndex: 0 }),
	} as unknown as IExecuteFunctions;
}

const WRITE = { kind: 'write', sentAgain: 'test' } as const;
const item = { json: { n: 1 } };

describe('Retry On Fail: the planned body of a write whose outcome was lost', () => {
	test('a try that may have sent its planned body gives it to the next try, which sends that body', async () => {
		const memory = new RetryMemory();
		const first = tryContext();
		await expect(
			new RetryTry(first, memory).item(first, WRITE, 0, item, async () => {
				planBody(first, 'patch', { posts: ['one', 'ADDED'] });
				writeNoteFor(first, 'PATCH')?.(503); // the answer was a 503: the service may have stored it
				throw new Error('503');
			}),
		).rejects.toThrow('503');
		const second = tryContext();
		const seen: Array<IDataObject | undefined> = [];
		const output = await new RetryTry(second, memory).item(second, WRITE, 0, item, async () => {
			seen.push(earlierBody(second, 'patch'));
			return { ok: true };
		});
		expect(output).toEqual({ ok: true });
		expect(seen).toEqual([{ posts: ['one', 'ADDED'] }]);
	});

	test('a plan kept across two lost tries stays the first one; a try that surely sent nothing forgets it', async () => {
		const memory = new RetryMemory();
		const lost = (body: IDataObject) => async (context: IExecuteFunctions) => {
			const known = earlierBody(context, 'patch');
			planBody(context, 'patch', known ?? body);
			writeNoteFor(context, 'PATCH')?.(undefined);
			throw new Error('lost');
		};
		for (const body of [{ v: 1 }, { v: 2 }]) {
			const context = tryContext();
			await expect(
				new RetryTry(context, memory).item(context, WRITE, 0, item, () => lost(body)(context)),
			).rejects.toThrow();
		}
		const third = tryContext();
		let seen: IDataObject | undefined;
		await new RetryTry(third, memory).item(third, WRITE, 0, item, async () => {
			seen = earlierBody(third, 'patch');
			return {};
		});
		expect(seen).toEqual({ v: 1 });

		const other = new RetryMemory();
		const refused = tryContext();
		await expect(
			new RetryTry(refused, other).item(refused, WRITE, 0, item, async () => {
				planBody(refused, 'patch', { v: 3 });
				writeNoteFor(refused, 'PATCH')?.(400); // refused: nothing was stored
				throw new Error('400');
			}),
		).rejects.toThrow();
		const after = tryContext();
		await new RetryTry(after, other).item(after, WRITE, 0, item, async () => {
			seen = earlierBody(after, 'patch');
			return {};
		});
		expect(seen).toBeUndefined();
	});

	test('without Retry On Fail nothing is planned or given back', async () => {
		const context = tryContext(false);
		let seen: IDataObject | undefined = { x: 1 };
		await new RetryTry(context, new RetryMemory()).item(context, WRITE, 0, item, async () => {
			planBody(context, 'patch', { v: 1 });
			seen = earlierBody(context, 'patch');
			return {};
		});
		expect(seen).toBeUndefined();
	});
});

describe('Retry On Fail: Draft > Update, Edit Posts, the PATCH stored and its answer lost', () => {
	const fx = useSandbox();
	afterEach(() => clearFaultsAndRequests(fx));

	const posts = async (draftId: unknown) =>
		(
			await api<{ platforms: { x: { posts: Array<{ text: string }> } } }>(
				fx,
				'GET',
				`/v2/social-sets/101/drafts/${String(draftId)}`,
			)
		).body.platforms.x.posts.map((post) => post.text);

	const seeded = async () =>
		(
			await seedDraft(fx, {
				platforms: {
					x: {
						enabled: true,
						posts: [{ text: 'one' }, { text: 'two' }, { text: 'three' }],
						settings: {},
					},
				},
			})
		).id;

	const edit = (draftId: unknown, edits: IDataObject[]): INodeParameters => ({
		resource: 'draft',
		operation: 'update',
		socialSetId: byId(101),
		draftId: String(draftId),
		contentType: 'posts',
		contentMode: 'edit',
		platforms: ['x'],
		editPosts: { edit: edits as INodeParameters[] },
	});

	test.each([
		['Append', [{ editAction: 'append', text: 'ADDED' }], ['one', 'two', 'three', 'ADDED']],
		[
			'Insert',
			[{ editAction: 'insert', postNumber: 1, text: 'ADDED' }],
			['ADDED', 'one', 'two', 'three'],
		],
		['Remove post 1', [{ editAction: 'remove', postNumber: 1 }], ['two', 'three']],
	])(
		'%s is applied once (a 503 after the store, then a dropped connection after it)',
		async (_name, edits, expected) => {
			for (const fault of [{ fail503AfterStore: 1 }, { dropAfterStore: 1 }]) {
				const draftId = await seeded();
				fx.sandbox.faults.set({ ...fault, paths: `/drafts/${String(draftId)}`, methods: 'PATCH' });
				const { result, items } = await runWithRetry(fx, edit(draftId, edits), [{}]);
				expect(result.error).toBeUndefined();
				expect(await posts(draftId)).toEqual(expected);
				expect(items).toHaveLength(1);
				// the next try found the draft holding the PATCH it had planned, and adopted it
				expect(sent(fx, 'PATCH', `/v2/social-sets/101/drafts/${String(draftId)}`)).toHaveLength(1);
				clearFaultsAndRequests(fx);
			}
		},
	);
});
