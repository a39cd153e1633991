import {
	NO_SOCIAL_SET_FOR_TAGS,
	getTags,
} from '../../../../nodes/SocialPublishing/methods/loadOptions';
import { useSandbox } from '../../../harness/sandbox';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { byId } from '../../../harness/workflows';
import { answerFirstTagPageAgain } from '../draft/fixtures';
import { loadOptionsContext, sandboxContextFor } from './loadOptionsContext';

const fx = useSandbox();

beforeEach(() => fx.sandbox.clearRequests());

const tagParams = (socialSetId: unknown) =>
	({ resource: 'draft', operation: 'create', socialSetId }) as never;

const contextFor = sandboxContextFor(fx);

describe('loadOptions getTags (Tags: GET /v2/social-sets/{id}/tags)', () => {
	test('the tags of the chosen social set as options: name shown, slug as value', async () => {
		const options = await getTags.call(contextFor(tagParams(byId(101)), 'read'));
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v2/social-sets/101/tags',
				query: { limit: ['50'], offset: ['0'] },
			}),
		]);
		expect(options).toEqual([
			{ name: 'Launch', value: 'launch', description: 'launch' },
			{ name: 'Weekly Tips', value: 'weekly-tips', description: 'weekly-tips' },
		]);
	});

	test('a set picked from the list works the same', async () => {
		const options = await getTags.call(
			contextFor(
				tagParams({ __rl: true, mode: 'list', value: '101', cachedResultName: 'Acme Personal' }),
			),
		);
		expect(options.map((option) => option.value)).toEqual(['launch', 'weekly-tips']);
	});

	test.each([
		['none chosen yet', { __rl: true, mode: 'list', value: '' }],
		[
			'an expression the editor cannot resolve',
			{ __rl: true, mode: 'id', value: '={{ $json.set }}' },
		],
		['not an ID', { __rl: true, mode: 'id', value: 'acme' }],
	])(
		'no social set to list tags of (%s): the list says to choose one, with no request',
		async (_case, socialSetId) => {
			await expect(getTags.call(contextFor(tagParams(socialSetId)))).rejects.toThrow(
				NO_SOCIAL_SET_FOR_TAGS,
			);
			expect(NO_SOCIAL_SET_FOR_TAGS).toMatch(/^Choose a Social Set first/);
			expect(fx.apiRequests()).toEqual([]);
		},
	);

	test('more tags than one page: every page is read', async () => {
		for (let n = 0; n < 53; n++) {
			const response = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/102/tags`, {
				method: 'POST',
				headers: {
					Authorization: `Bearer ${fx.sandbox.keys.admin}`,
					'Content-Type': 'application/json',
				},
				body: JSON.stringify({ name: `Topic ${String(n).padStart(2, '0')}` }),
			});
			expect(response.status).toBe(201);
		}
		fx.sandbox.clearRequests();
		const options = await getTags.call(contextFor(tagParams(byId(102))));
		expect(fx.apiRequests().map((request) => request.query.offset)).toEqual([['0'], ['50']]);
		expect(options).toHaveLength(53);
		expect(options[52]).toEqual({ name: 'Topic 52', value: 'topic-52', description: 'topic-52' });
	});

	test('403 FORBIDDEN on the invisible social set surfaces with code and message', async () => {
		await expect(getTags.call(contextFor(tagParams(byId(103))))).rejects.toThrow(
			/^FORBIDDEN: You do not have access to this social set$/,
		);
	});
});

describe('the tag reader stops when the service answers the same page again (Paged envelope: next)', () => {
	const server = useScriptedServer(answerFirstTagPageAgain);

	test('the tag list of the editor (load options) fails the same way instead of loading forever', async () => {
		const context = loadOptionsContext(
			{ resource: 'draft', operation: 'create', socialSetId: byId(101) } as never,
			{ apiKey: 'sp_scripted', baseUrl: server.baseUrl },
			'parameters.additionalFields.tags',
		);
		await expect(getTags.call(context)).rejects.toThrow(
			'Stopped reading /v2/social-sets/101/tags: the service answered offset 50 with the page before again',
		);
		expect(server.requests).toHaveLength(2);
	});
});
