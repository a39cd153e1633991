import type { IDataObject } from 'n8n-workflow';
import { SocialPublishing } from '../../../../nodes/SocialPublishing/SocialPublishing.node';
import { buildNodeTypes, sourceNodeTypes } from '../../../harness/nodeTypes';
import { useSandbox } from '../../../harness/sandbox';
import { AGENT, AgentStandIn, agentWithToolWorkflow, toolVariant } from '../../../harness/toolNode';
import { seedDraft, writes } from './fixtures';
import { duplicateParams } from './duplicate.fixtures';

const fx = useSandbox();
const nodeTypes = buildNodeTypes(
	{ 'test.agentStandIn': new AgentStandIn() },
	{ ...sourceNodeTypes(), socialPublishingTool: toolVariant(new SocialPublishing()) },
);

const tool = (when: string) =>
	duplicateParams('={{ $fromAI("draft_id", "the draft", "number") }}', {
		copyWhen: when,
		confirm: '={{ $fromAI("confirm", "true once the user agreed", "boolean") }}',
	});

async function callTool(parameters: IDataObject, toolArgs: IDataObject) {
	fx.sandbox.clearRequests();
	const result = await fx.run(agentWithToolWorkflow(parameters), {
		nodeTypes,
		input: [{ json: { toolArgs } }],
	});
	expect(result.error).toBeUndefined();
	const answer = result.output(AGENT)[0].json.answer as IDataObject[];
	return { answer: answer[0], requests: fx.apiRequests() };
}

describe('Draft > Duplicate as an AI agent tool', () => {
	test('into the next free slot without confirmation: a dry run of the copy, no write', async () => {
		const source = await seedDraft(fx, { draft_title: 'Tool source', tags: ['launch'] });
		const { answer, requests } = await callTool(tool('nextFreeSlot'), {
			draft_id: source.id,
			confirm: false,
		});
		expect(writes(requests)).toEqual([]);
		expect(answer).toEqual({
			dry_run: true,
			done: false,
			action: 'duplicate',
			source_draft_id: source.id,
			draft_id: null,
			social_set_id: 101,
			platforms: ['x'],
			publish_at: 'next-free-slot',
			would_create: {
				platforms: { x: { enabled: true, posts: [{ text: 'Seeded post' }], settings: {} } },
				draft_title: 'Tool source',
				tags: ['launch'],
				publish_at: 'next-free-slot',
			},
			message: `Nothing was done. This would copy draft ${String(source.id)} into a new draft on x and schedule it to publish in the next free queue slot in social set 101 (see would_create). Ask the user to confirm, then call this tool again with "confirm" set to true.`,
		});
	});

	test('with confirm true it creates the scheduled copy', async () => {
		const source = await seedDraft(fx, { draft_title: 'Tool confirmed' });
		const { answer, requests } = await callTool(tool('nextFreeSlot'), {
			draft_id: source.id,
			confirm: true,
		});
		expect(writes(requests).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /v2/social-sets/101/drafts 201',
		]);
		expect(answer).toMatchObject({ draft_title: 'Tool confirmed', status: 'scheduled' });
	});

	test('an unscheduled copy publishes nothing, so it is not held back', async () => {
		const source = await seedDraft(fx, { draft_title: 'Tool plain' });
		const { answer, requests } = await callTool(tool('draft'), {
			draft_id: source.id,
			confirm: false,
		});
		expect(writes(requests)).toHaveLength(1);
		expect(answer).toMatchObject({ draft_title: 'Tool plain', status: 'draft' });
	});
});
