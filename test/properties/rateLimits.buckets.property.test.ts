import type { RecordedRequest } from '../../sandbox';
import { rateLimitMemory } from '../../nodes/common/transport';
import type { BucketScope, Taken } from '../../nodes/common/transport/rateLimit';
import { routeTemplate } from '../../nodes/common/transport/url';
import { useSandbox } from '../harness/sandbox';
import { singleNodeWorkflow } from '../harness/workflows';
import { OPERATIONS } from './catalog';
import { PROPERTY_SANDBOX, baseParameters, inputItem, makeTargets } from './targets';

/**
 * Every operation of the node (catalog.ts), called once with valid parameters on a draft (targets.ts), one
 * after the other in one n8n process as a day's workflows would be: each request the service answered with
 * a 2xx was taken by the node from exactly the buckets the service counted it in (the sandbox's records,
 * `counted`; spec, Limits: per user every request, per social set draft creation). A new operation, or an
 * operation that sends a new request, is in it without an edit.
 */
const fx = useSandbox({ ...PROPERTY_SANDBOX, mediaProcessingMs: 1, publishDelayMs: 1 });

interface Took {
	route: string;
	socialSet?: string;
	buckets: string[];
}

/** A bucket as the node's key names it, in the sandbox's words: `user`, or `socialSet:<id>`. */
function bucketOfKey(scope: BucketScope, key: string): string {
	if (key === `${scope.owner}:user`) return 'user';
	return `socialSet:${scope.socialSet}`;
}

/** The sandbox's bucket names without the user's id: `user`, or `socialSet:<id>`. */
const bucketOfRecord = (name: string) => (name.startsWith('user:') ? 'user' : name);

const describeTook = (t: Took) => `${t.route} [${[...t.buckets].sort().join(', ')}]`;

const answered = (request: RecordedRequest) =>
	request.path.startsWith('/v2') && request.status >= 200 && request.status < 300;

test('every answered request of every operation is taken from the buckets the service counted it in', async () => {
	const problems: string[] = [];
	let compared = 0;
	for (const op of OPERATIONS) {
		await fx.sandbox.reset();
		const targets = await makeTargets(fx, 'draft');
		fx.sandbox.clearRequests();
		const took: Took[] = [];
		const take = rateLimitMemory.take.bind(rateLimitMemory);
		const spy = jest.spyOn(rateLimitMemory, 'take').mockImplementation((scope, nowMs) => {
			const taken: Taken[] = take(scope, nowMs);
			took.push({
				route: scope.route,
				socialSet: scope.socialSet,
				buckets: taken.map(({ key }) => bucketOfKey(scope, key)),
			});
			return taken;
		});
		try {
			await fx.run(singleNodeWorkflow(baseParameters(op, targets)), { input: [inputItem()] });
		} finally {
			spy.mockRestore();
		}
		const records = fx.sandbox.requests.filter((r) => r.path.startsWith('/v2'));
		// the node's takes in the order it sent them, paired with the requests in the order they arrived
		const served = records
			.map((request, n) => ({ request, took: took[n] }))
			.filter(({ request }) => answered(request));
		if (took.length !== records.length)
			problems.push(
				`${op.name}: ${took.length} requests taken, ${records.length} reached the service`,
			);
		for (const { request, took: node } of served) {
			const service: Took = {
				route: routeTemplate(request.method, request.path),
				buckets: (request.counted ?? []).map((c) => bucketOfRecord(c.bucket)),
			};
			compared++;
			if (!node || node.route !== service.route) {
				problems.push(`${op.name}: ${service.route} was not the request the node took next`);
				continue;
			}
			if (describeTook(node) !== describeTook(service))
				problems.push(
					`${op.name}: the node took ${describeTook(node)}, the service counted ${describeTook(service)}`,
				);
		}
	}
	expect(problems).toEqual([]);
	// every operation sent at least one request the service answered
	expect(compared).toBeGreaterThanOrEqual(OPERATIONS.length);
}, 300_000);
