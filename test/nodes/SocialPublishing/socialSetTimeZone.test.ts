import type { INodeParameters } from 'n8n-workflow';
import { runWorkflow } from '../../harness/runWorkflow';
import { useScriptedServer } from '../../harness/useScriptedServer';
import { singleNodeWorkflow } from '../../harness/workflows';
import { bestTimes } from './analytics/bestTimesFixtures';
import { queueParams } from './queue/fixtures';

/**
 * The social set's time zone comes from the queue schedule's answer (spec: Queue schedule, `timezone`, an IANA
 * name). Every operation that counts days or hours in it stops on a zone the node does not know with an error that
 * names that answer and quotes the value short and without the credential's secrets: a service that reflects the
 * key into a 1 MB zone gets neither the megabyte nor the key into the error.
 */

const KEY = 'sp_zone_key_0123456789';
const WEBHOOK_SECRET = 'whsec_zone_ABCDEF';
const server = useScriptedServer();

const HUGE_ZONE = `${KEY} ${WEBHOOK_SECRET} ${'Z'.repeat(1_000_000)} ${KEY}`;

async function runWith(parameters: INodeParameters, zone: string) {
	server.otherwise((request) =>
		request.path.endsWith('/queue/schedule')
			? { body: { social_set_id: 101, timezone: zone, rules: [] } }
			: { body: { results: [], count: 0, next: null } },
	);
	return await runWorkflow(singleNodeWorkflow(parameters), {
		credentials: {
			socialPublishingApi: { apiKey: KEY, baseUrl: server.baseUrl, webhookSecret: WEBHOOK_SECRET },
		},
	});
}

describe('a time zone the node does not know stops the item, naming the queue schedule’s answer', () => {
	test.each([
		['Queue > Get Next Free Slots', queueParams('getNextFreeSlots', 101)],
		[
			'Analytics > Get Best Times',
			bestTimes(101, { startDate: '2026-03-01', endDate: '2026-03-31' }) as INodeParameters,
		],
	])(
		'%s: a 1 MB zone with the key gives a short error without the secrets',
		async (_name, parameters) => {
			const result = await runWith(parameters, HUGE_ZONE);
			const message = result.error?.message ?? '';
			expect(message).toMatch(
				/^The service's answer to GET \/v2\/social-sets\/101\/queue\/schedule could not be read: expected a queue schedule \(timezone: a time zone name the node knows\); timezone is text "/,
			);
			expect(message.length).toBeLessThan(400);
			expect(`${message} ${result.error?.description ?? ''}`).not.toContain(KEY);
			expect(message).not.toContain(WEBHOOK_SECRET);
			// nothing is read in a zone the node cannot count in
			expect(server.requests.map((request) => request.path)).toEqual([
				'/v2/social-sets/101/queue/schedule',
			]);
		},
	);

	test('a short unknown zone is quoted as it came', async () => {
		const result = await runWith(queueParams('getNextFreeSlots', 101), 'Mars/Olympus_Mons');
		expect(result.error?.message).toContain(
			'timezone is text "Mars/Olympus_Mons", not a time zone the node knows',
		);
	});
});
