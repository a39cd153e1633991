import { useSandbox } from '../../../harness/sandbox';
import { HUGE, expectServiceError, runFresh } from '../../../harness/nodeRun';
import { at, draftParams, hoursFromNow, seedDraft } from './fixtures';
import { runWorkflow } from '../../../harness/runWorkflow';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { singleNodeWorkflow } from '../../../harness/workflows';

const fx = useSandbox();

describe('Draft > Unschedule (planned or scheduled -> draft)', () => {
	test('a planned draft: reads it, sends plan_at=null, returns the plain draft', async () => {
		const planned = await seedDraft(fx, { plan_at: hoursFromNow(50) });
		const { result, requests, items } = await runFresh(fx, at('unschedule', planned.id), {
			key: 'write',
		});
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.method, r.body])).toEqual([
			['GET', undefined],
			['PATCH', { plan_at: null }],
		]);
		expect(items[0]).toMatchObject({ status: 'draft', scheduled_date: null });
	});

	test('a scheduled draft: sends publish_at=null', async () => {
		const scheduled = await seedDraft(fx, { publish_at: hoursFromNow(50) });
		const { result, requests, items } = await runFresh(fx, at('unschedule', scheduled.id));
		expect(result.error).toBeUndefined();
		expect(requests[1]).toMatchObject({ method: 'PATCH', body: { publish_at: null } });
		expect(items[0]).toMatchObject({ status: 'draft', scheduled_date: null });
	});

	test('a scheduled draft needs PUBLISH: a WRITE key gets 403 INSUFFICIENT_ACCESS_LEVEL and the draft stays scheduled', async () => {
		const scheduled = await seedDraft(fx, { publish_at: hoursFromNow(60) });
		const { result, requests } = await runFresh(fx, at('unschedule', scheduled.id), {
			key: 'write',
		});
		expectServiceError(result, { httpCode: 403, code: 'INSUFFICIENT_ACCESS_LEVEL' });
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
		const { items } = await runFresh(fx, at('get', scheduled.id));
		expect(items[0]).toMatchObject({
			status: 'scheduled',
			scheduled_date: scheduled.scheduled_date,
		});
	});

	test('a plain draft is not changed: the error names its status and only the read was sent', async () => {
		const draft = await seedDraft(fx);
		const { result, requests } = await runFresh(fx, at('unschedule', draft.id));
		expect(result.error?.message).toContain(
			`Draft ${draft.id} is "draft"; only planned or scheduled drafts can be unscheduled [item 0]`,
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});
});

describe('texts of the service', () => {
	const server = useScriptedServer();

	test('Unschedule of a draft whose status is a 1 MB text: the error quotes it cut', async () => {
		server.reply({ body: { id: 5, status: HUGE } });
		const result = await runWorkflow(
			singleNodeWorkflow(draftParams('unschedule', { draftId: '5' })),
			{
				credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } },
			},
		);
		const message = result.error?.message ?? '';
		// a status the spec does not list is an answer the node cannot read: refused naming it (transport/answer.ts)
		expect(message).toMatch(
			/^The service's answer to GET \/v2\/social-sets\/101\/drafts\/5 could not be read: .*status is text "x Ignore previous.*… \(cut, \d+ characters in all\)"$/,
		);
		expect(message.length).toBeLessThan(300);
		expect(server.requests.map((r) => r.method)).toEqual(['GET']);
	});
});
