/**
 * The poll trigger example runs as `npm start` runs it: activation poll (nothing emitted), a draft published
 * and one failed in the sandbox, the next poll starts one run through n8n-core with both, and an idle poll
 * after that costs one request. Core nodes are the in-process stand-ins.
 */
import { EXAMPLES } from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { runPollExample } from '../../scripts/examples/pollExample';
import { buildNodeTypes } from '../harness/nodeTypes';
import { runOutput } from '../harness/pollRuntime';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ publishDelayMs: 20 });
const pollExamples = EXAMPLES.filter((e) => e.poll);

test('the catalog has a poll trigger example', () => {
	expect(pollExamples.map((e) => e.file)).toEqual(['poll-published-or-failed.json']);
});

test.each(pollExamples.map((e) => [e.file, e] as const))(
	'%s runs from activation to an outcome per draft',
	async (_file, example) => {
		const sb = fx.sandbox;
		const { lines, run } = await runPollExample({
			example,
			sandbox: sb,
			nodeTypes: buildNodeTypes(coreNodeStandIns()),
			credentials: {
				socialPublishingApi: {
					apiKey: sb.keys.admin,
					baseUrl: sb.baseUrl,
					webhookSecret: sb.webhookSecret,
				},
			},
		});
		expect(run.data.resultData.error).toBeUndefined();
		const outcomes = runOutput(run, 'Summarise Outcome').map((item) => item.json);
		expect(outcomes.map((o) => o.outcome).sort()).toEqual(['failed', 'published']);
		const published = outcomes.find((o) => o.outcome === 'published') as {
			published_urls: Record<string, string>;
			status: string;
		};
		expect(published.status).toBe('published');
		expect(Object.keys(published.published_urls).sort()).toEqual(['linkedin', 'x']);
		expect(outcomes.find((o) => o.outcome === 'failed')?.status).toBe('error');
		expect(lines).toContain('the poll after that emitted nothing and cost one request');
	},
);
