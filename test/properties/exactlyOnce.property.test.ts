import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import { policy } from '../../nodes/common/transport/retryPolicy';
import type { RecordedRequest } from '../../sandbox';
import { useSandbox } from '../harness/sandbox';
import { NODE } from '../harness/workflows';
import { retryWorkflow } from '../nodes/SocialPublishing/retryOnFail/fixtures';
import { changesInPlace } from '../../nodes/SocialPublishing/actions/parallel/target';
import type { CatalogOperation } from './catalog';
import { WRITES } from './catalog';
import type { FaultPoint } from './serviceState';
import {
	FAULT_POINTS,
	TEST_TIMEOUT_MS,
	describeState,
	normalizedState,
	strike,
	writeRequests,
} from './serviceState';
import type { DraftState, Targets } from './targets';
import {
	DRAFT_STATES,
	PROPERTY_SANDBOX,
	addPosts,
	baseParameters,
	inputItem,
	makeTargets,
} from './targets';
import type { WriteCall } from './writeCalls';
import { writeCall } from './writeCalls';

/**
 * Property "exactly once": one intended change is made once whatever n8n retries. For every write of the
 * node (catalog.ts), for generated valid calls (writeCalls.ts), and for every fault point the sandbox
 * offers on each write request the call sends (before the store: 503, dropped connection; after it: 503,
 * dropped connection, an answer slower than the transport's timeout), a run with Retry On Fail (3 tries,
 * 10 ms apart) leaves the service in the state one clean run of the same item leaves a fresh sandbox in
 * (serviceState.ts: drafts and their posts, media, tags, comment threads and comments, queue schedule,
 * publish state; generated ids and times left out).
 *
 * Items in flight together: a write the router runs in flight together (one that makes new things, by
 * `changesInPlace` of parallel/target.ts) is called as two identical items in one run, so both are in
 * flight at once (the default Max Parallel Requests starts with two places). A write that changes a draft,
 * media or queue schedule in place runs its items of one target one after the other, as one item after
 * the other before; it is called as one item. So is a write whose two identical items cannot both succeed.
 *
 * Replay a failure with the seed and path it prints: EXACTLY_ONCE_SEED=<seed> EXACTLY_ONCE_PATH=<path>;
 * EXACTLY_ONCE_RUNS=<n> runs more calls per write.
 */

const fx = useSandbox({ ...PROPERTY_SANDBOX, mediaProcessingMs: 5, publishDelayMs: 5 });

const RUNS = Number(process.env.EXACTLY_ONCE_RUNS ?? 0);
const SEED = process.env.EXACTLY_ONCE_SEED;
const PATH = process.env.EXACTLY_ONCE_PATH;
/** Calls per write: Draft > Update, whose body is built from what it reads, gets the most. */
const runsOf = (op: CatalogOperation) =>
	RUNS > 0 ? RUNS : op.name === 'draft.update' ? 6 : op.name === 'draft.create' ? 3 : 1;

/**
 * The one write the API gives no way to find again (docs/retries-and-duplicates.md, "What cannot be
 * reconciled"): Media > Upload has no list of media and no idempotency key, so after a lost answer the
 * retry makes a second upload record, which never receives its file. Checked as exactly that: the state
 * of one clean run plus at most one media record without a file.
 */
const UNMATCHABLE = new Set(['media.upload']);

/** Write requests of a call that are faulted: every one, at most this many (the first ones). */
const MAX_WRITES_FAULTED = 3;

interface Prepared {
	targets: Targets;
	parameters: INodeParameters;
}

async function prepare(
	state: DraftState,
	call: WriteCall,
	op: CatalogOperation,
): Promise<Prepared> {
	await fx.sandbox.reset();
	const targets = await makeTargets(fx, state);
	if (call.posts.length > 0) await addPosts(fx, targets, call.posts);
	fx.sandbox.clearRequests();
	return { targets, parameters: baseParameters(op, targets, call.extra(targets)) };
}

/**
 * Items per run, tried in order: two where the router runs them in flight together, else one; and one
 * when two identical items cannot both succeed in a clean run (Tag > Create: the second name exists).
 */
const itemsOf = (op: CatalogOperation): number[] => (changesInPlace(op.module) ? [1] : [2, 1]);

/** Runs the items; then waits until no publish they started is in progress (the state is compared settled). */
async function runOnce(parameters: INodeParameters, items: number) {
	const input = Array.from({ length: items }, () => inputItem());
	const result = await fx.run(retryWorkflow(parameters), { input });
	for (let i = 0; i < 100; i++) {
		const drafts = fx.sandbox.state().drafts as Array<{
			status: string;
			publishState: string | null;
		}>;
		if (!drafts.some((d) => d.publishState === 'in_progress' || d.status === 'publishing')) break;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return result;
}

/** The writes whose calls ran as two items in flight together. */
const ranInFlight = new Set<string>();

/** The state a call is valid in, tried in order (Unschedule needs a dated draft); remembered per write. */
const validState = new Map<string, DraftState>();

async function cleanRun(op: CatalogOperation, call: WriteCall) {
	const known = validState.get(op.name);
	const states = known ? [known, ...DRAFT_STATES.filter((s) => s !== known)] : DRAFT_STATES;
	const errors: string[] = [];
	for (const items of itemsOf(op)) {
		for (const state of states) {
			const prepared = await prepare(state, call, op).catch((error: Error) => error);
			if (prepared instanceof Error) {
				errors.push(`${state}: the targets: ${prepared.message}`);
				continue;
			}
			const result = await runOnce(prepared.parameters, items);
			if (result.error) {
				errors.push(`${state}, ${items} item(s): ${result.error.message}`);
				continue;
			}
			validState.set(op.name, state);
			if (items > 1) ranInFlight.add(op.name);
			const requests: RecordedRequest[] = [...fx.sandbox.requests];
			return {
				state,
				items,
				after: normalizedState(fx.sandbox.state()),
				writes: writeRequests(requests),
				outputs: result.output(NODE).length,
			};
		}
	}
	throw new Error(`${op.name}: no valid clean run of ${call.label}:\n${errors.join('\n')}`);
}

async function faultedRun(
	op: CatalogOperation,
	call: WriteCall,
	{ state, items }: { state: DraftState; items: number },
	point: FaultPoint,
	fault: ReturnType<typeof strike>,
) {
	const { parameters } = await prepare(state, call, op);
	fx.sandbox.faults.set({ ...fault, ...point.fault });
	const timeout = policy.requestTimeoutMs;
	if (point.slow) policy.requestTimeoutMs = TEST_TIMEOUT_MS;
	try {
		const result = await runOnce(parameters, items);
		const state = fx.sandbox.state();
		let orphans = 0;
		if (UNMATCHABLE.has(op.name) && !point.fault.fail503 && !point.fault.dropConnections) {
			const media = state.media as Array<{ uploaded: boolean }>;
			state.media = media.filter((m) => m.uploaded);
			orphans = media.length - state.media.length;
		}
		return { error: result.error?.message, after: normalizedState(state), orphans };
	} finally {
		policy.requestTimeoutMs = timeout;
		fx.sandbox.faults.clear();
	}
}

async function exactlyOnce(op: CatalogOperation, call: WriteCall): Promise<void> {
	const clean = await cleanRun(op, call);
	const problems: string[] = [];
	const faulted = clean.writes.slice(0, MAX_WRITES_FAULTED);
	for (let index = 0; index < faulted.length; index++) {
		const fault = strike(clean.writes, index);
		const where = `${clean.writes[index].method} ${fault.paths} (write ${index + 1} of ${clean.writes.length})`;
		for (const point of FAULT_POINTS) {
			const run = await faultedRun(op, call, clean, point, fault);
			if (run.error) problems.push(`${point.name} on ${where}: the run failed: ${run.error}`);
			if (run.orphans > 1)
				problems.push(`${point.name} on ${where}: ${run.orphans} upload records without a file`);
			try {
				expect(run.after).toEqual(clean.after);
			} catch {
				problems.push(
					`${point.name} on ${where}: the state differs\n--- after one clean run:\n${describeState(clean.after)}\n--- after the retried run:\n${describeState(run.after)}`,
				);
			}
		}
	}
	if (problems.length > 0)
		throw new Error(
			`${op.name}, ${call.label} (draft ${clean.state}, ${clean.items} item(s)):\n${problems.join('\n\n')}`,
		);
}

afterEach(() => {
	fx.sandbox.faults.clear();
});

describe('exactly once: every write under Retry On Fail, at every fault point, leaves the state of one clean run', () => {
	test.each(WRITES.map((op) => [op.name, op] as const))(
		'%s',
		async (_name, op) => {
			await fc.assert(
				fc.asyncProperty(writeCall(op), async (call) => await exactlyOnce(op, call)),
				{
					numRuns: runsOf(op),
					endOnFailure: true,
					...(SEED !== undefined ? { seed: Number(SEED) } : {}),
					...(PATH !== undefined ? { path: PATH } : {}),
				},
			);
			// Draft > Create's runs take about 20 s alone on 2 cores (every fault point, two items in flight): over
			// jest's 30 s at a load of 7, and a write cut off by a timeout then runs on into the next write's state
		},
		180_000,
	);
});

// (a replay of one seed runs one write: then this does not hold, and is skipped)
(SEED === undefined ? test : test.skip)(
	'the writes that make new things ran as two items in flight together (the suite above ran them)',
	() => {
		const expected = WRITES.filter(
			(op) => !changesInPlace(op.module) && op.name !== 'tag.create',
		).map((op) => op.name);
		expect(expected.length).toBeGreaterThanOrEqual(2);
		expect([...ranInFlight].sort()).toEqual(expect.arrayContaining(expected.sort()));
	},
);
