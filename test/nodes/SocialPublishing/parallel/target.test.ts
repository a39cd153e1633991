import type { IDataObject } from 'n8n-workflow';
import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { byId } from '../../../harness/workflows';
import { api, draftParams, seedDraft } from '../draft/fixtures';
import { queueParams } from '../queue/fixtures';
import { clearFaultsAndRequests } from '../retryOnFail/fixtures';

/**
 * One identity per target (parallel/target.ts): items that name one draft or one social set's queue in two
 * spellings ("5" and "05", "101" and "0101") are one target, as the operation reads them (params.ts), so
 * they run one after the other in item order. Through n8n-core against the sandbox, every request held
 * 50 ms so items in flight together would overlap. Issue 38, finding 5: two Edit Posts appends to "5" and
 * "05" ran together and one was lost; the queue schedule of "101" and "0101" was item 0's, not item 1's.
 * Both tests fail on 047da9d.
 */
const fx = useSandbox();

beforeEach(() => {
	fx.sandbox.faults.set({ latencyMs: 50, paths: '/v2/' });
});

afterEach(() => {
	clearFaultsAndRequests(fx);
});

describe('A target named in two spellings is one target', () => {
	test('Draft > Update, Edit Posts append to Draft ID "N" and "0N": both posts kept, in item order (Endpoints: PATCH drafts/{id})', async () => {
		const draft = await seedDraft(fx);
		const id = String(draft.id);
		const parameters = draftParams('update', {
			draftId: '={{ $json.id }}',
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'edit',
			editPosts: { edit: [{ editAction: 'append', text: '={{ $json.text }}' }] },
		});
		const { result } = await runFresh(fx, parameters, {
			input: [
				{ json: { id, text: 'First append' } },
				{ json: { id: `0${id}`, text: 'Second append' } },
			],
		});
		expect(result.error).toBeUndefined();
		const { body } = await api<{ platforms: { x: { posts: Array<{ text: string }> } } }>(
			fx,
			'GET',
			`/v2/social-sets/101/drafts/${id}`,
		);
		expect(body.platforms.x.posts.map((post) => post.text)).toEqual([
			'Seeded post',
			'First append',
			'Second append',
		]);
	});

	test('Queue > Update Schedule for Social Set "102" and "0102": the schedule left is item 1\'s (Endpoints: PUT queue/schedule)', async () => {
		const parameters = queueParams('updateSchedule', 102, {
			socialSetId: byId('={{ $json.set }}'),
			rulesInput: 'json',
			rulesJson: '={{ JSON.stringify($json.rules) }}',
		});
		const items: Array<{ json: IDataObject }> = [
			{ json: { set: '102', rules: [{ h: 8, m: 0, days: ['mon'] }] } },
			{ json: { set: '0102', rules: [{ h: 17, m: 0, days: ['mon'] }] } },
		];
		const { result, requests } = await runFresh(fx, parameters, { input: items });
		expect(result.error).toBeUndefined();
		expect(requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
			'/v2/social-sets/102/queue/schedule',
			'/v2/social-sets/102/queue/schedule',
		]);
		const { body } = await api<{ rules: unknown[] }>(
			fx,
			'GET',
			'/v2/social-sets/102/queue/schedule',
		);
		expect(body.rules).toEqual([{ h: 17, m: 0, days: ['mon'] }]);
	});
});
