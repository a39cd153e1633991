import type { IDataObject } from 'n8n-workflow';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { buildNodeTypes, sourceNodeTypes } from '../../harness/nodeTypes';
import { useSandbox } from '../../harness/sandbox';
import { AGENT, AgentStandIn, agentWithToolWorkflow, toolVariant } from '../../harness/toolNode';
import { createText } from './draft/fixtures';

/** The AI tool's confirmation answer for Create and Update carries what Validate Only shows. */
const fx = useSandbox();
const nodeTypes = buildNodeTypes(
	{ 'test.agentStandIn': new AgentStandIn() },
	{ ...sourceNodeTypes(), socialPublishingTool: toolVariant(new SocialPublishing()) },
);

describe('Draft > Create as an AI agent tool: the confirmation preview', () => {
	test('unconfirmed, it lists the problems Validate Only finds and the posts per platform; nothing is written', async () => {
		fx.sandbox.clearRequests();
		const parameters = {
			...createText(`Read https://example.com/${'a'.repeat(300)}`, ['x', 'bluesky'], {
				additionalFields: { publishAt: 'now', tags: '={{ ["no-such-tag"] }}' },
			}),
			confirm: '={{ $fromAI("confirm", "true once confirmed", "boolean") }}',
		};
		const result = await fx.run(agentWithToolWorkflow(parameters), {
			nodeTypes,
			input: [{ json: { toolArgs: { confirm: false } } }],
		});
		expect(result.error).toBeUndefined();
		const answer = (result.output(AGENT)[0].json.answer as IDataObject[])[0];
		expect(answer).toMatchObject({ dry_run: true, done: false, action: 'create' });
		const validation = answer.validation as IDataObject;
		expect(validation).toMatchObject({
			validate_only: true,
			valid: false,
			platforms: { x: { post_count: 1 }, bluesky: { post_count: 1, posts: [{ length: 325 }] } },
		});
		expect(validation.problems).toEqual([
			expect.stringContaining('gives Bluesky post 1 a length of 325'),
			expect.stringContaining('X post 1 contains a URL, and the API blocks direct publishing'),
			expect.stringContaining('"no-such-tag"'),
		]);
		expect(answer.message).toContain('It has 3 problem(s) to fix first');
		expect(fx.apiRequests().filter((r) => r.method !== 'GET')).toEqual([]);
	});

	test('unconfirmed with more problems than Validate Only lists, the message counts them all', async () => {
		fx.sandbox.clearRequests();
		const posts = Array.from({ length: 150 }, (_, i) => `Post ${i} ${'b'.repeat(400)}`);
		const parameters = {
			...createText(posts.join('\n---\n'), ['bluesky'], {
				additionalFields: { publishAt: 'now' },
			}),
			confirm: '={{ $fromAI("confirm", "true once confirmed", "boolean") }}',
		};
		const result = await fx.run(agentWithToolWorkflow(parameters), {
			nodeTypes,
			input: [{ json: { toolArgs: { confirm: false } } }],
		});
		expect(result.error).toBeUndefined();
		const answer = (result.output(AGENT)[0].json.answer as IDataObject[])[0];
		const validation = answer.validation as IDataObject;
		const listed = (validation.problems as string[]).length;
		const omitted = validation.problemsOmitted as number;
		expect(listed).toBe(100);
		expect(omitted).toBeGreaterThan(0);
		expect(answer.message).toContain(`It has ${listed + omitted} problem(s) to fix first`);
		expect(fx.apiRequests().filter((r) => r.method !== 'GET')).toEqual([]);
	});
});
