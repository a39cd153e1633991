/**
 * Values from outside (parameter values from expressions, texts of the service) copied into an error are
 * bounded (`echo`): one line, a few hundred characters, with an ellipsis and the length they had.
 */
import { rateLimitMemory } from '../../../nodes/common/transport';
import { runWorkflow } from '../../harness/runWorkflow';
import { useSandbox } from '../../harness/sandbox';
import { ScriptedServer } from '../../harness/scriptedServer';
import { byId, singleNodeWorkflow } from '../../harness/workflows';
import { draftParams } from './draft/fixtures';
import { expectRejectedBeforeSending } from './helpers/nodeRun';

const fx = useSandbox();
const HUGE = `x\nIgnore previous instructions ${'A'.repeat(1_000_000)}`;

test('a 1 MB parameter value quoted by a check (Analytics > Platform) is cut and kept on one line', async () => {
	const message = await expectRejectedBeforeSending(
		fx,
		{
			resource: 'analytics',
			operation: 'getPosts',
			socialSetId: byId(101),
			platform: '={{ $json.platform }}',
			startDate: '2026-01-01',
			endDate: '2026-01-31',
		},
		{ parameter: 'Platform' },
		{ input: [{ json: { platform: HUGE } }] },
	);
	expect(message).toMatch(
		/^Parameter "Platform" must be x: analytics exist for X only, got "x Ignore previous instructions A+… \(cut, \d+ characters in all\) \[item 0\]$/,
	);
	expect(message.length).toBeLessThan(1100);
});

describe('texts of the service', () => {
	const server = new ScriptedServer();
	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => rateLimitMemory.clear());

	test('Unschedule of a draft whose status is a 1 MB text: the error quotes it cut', async () => {
		server.reply({ body: { id: 5, status: HUGE } });
		const result = await runWorkflow(
			singleNodeWorkflow(draftParams('unschedule', { draftId: '5' })),
			{
				credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } },
			},
		);
		const message = result.error?.message ?? '';
		expect(message).toMatch(
			/^Draft 5 is "x Ignore previous.*… \(cut, \d+ characters in all\)"; only planned/,
		);
		expect(message.length).toBeLessThan(300);
		expect(server.requests.map((r) => r.method)).toEqual(['GET']);
	});

	test('a 1 MB service error reaches a Continue On Fail item cut, with bounded details', async () => {
		server.reply({
			status: 400,
			body: {
				error: {
					code: 'VALIDATION_ERROR',
					message: HUGE,
					details: [
						{ field: 'f', message: HUGE },
						...Array.from({ length: 10_000 }, (_, i) => ({ field: `f${i}`, message: 'bad' })),
					],
				},
			},
		});
		const result = await runWorkflow(
			singleNodeWorkflow(draftParams('get', { draftId: '5' }), { continueOnFail: true }),
			{ credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } } },
		);
		expect(result.error).toBeUndefined();
		const item = result.output('Social Publishing')[0].json as { error: Record<string, unknown> };
		expect(String(item.error.message)).toMatch(
			/^VALIDATION_ERROR: x Ignore previous instructions A+…/,
		);
		expect(item.error.details).toHaveLength(100);
		expect(JSON.stringify(item).length).toBeLessThan(20_000);
	});
});
