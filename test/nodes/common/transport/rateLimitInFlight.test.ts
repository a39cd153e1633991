import fc from 'fast-check';
import { RateLimitMemory } from '../../../../nodes/common/transport/rateLimit';
import type { BucketScope, Taken } from '../../../../nodes/common/transport/rateLimit';

/**
 * The rate-limit memory with requests in flight together (rateLimit.ts: take, settle, rememberAnswer).
 * A model service counts each request when it handles it, in one fixed window, and announces what is left;
 * requests are handled in any order, and their answers come back in any order (or not at all). A request
 * is sent only when the memory holds nothing back. Whatever the interleaving, the service never counts more
 * requests than its limit, except those sent before the client knew anything of the window.
 */
const NOW = 1_700_000_000_000;
const RESET_S = Math.floor(NOW / 1000) + 60;
const scope: BucketScope = {
	owner: 'owner',
	service: 'service',
	route: 'POST /v2/social-sets/{}/drafts',
};

type Step = { kind: 'send' | 'handle' | 'answer' | 'drop'; pick: number };

/** Steps written as `kind:pick` words, for the runs named by hand. */
const stepsOf = (text: string): Step[] =>
	text.split(' ').map((word) => {
		const [kind, pick] = word.split(':');
		return { kind: kind as Step['kind'], pick: Number(pick) };
	});

interface Request {
	taken: Taken[];
	/** What the service announced when it handled the request; undefined while not handled. */
	remaining?: number;
}

/** The model run: how many the service counted, and how many were sent before any answer was read. */
function play(limit: number, steps: Step[]): { counted: number; blind: number; sent: number } {
	const memory = new RateLimitMemory();
	const sent: Request[] = [];
	const unhandled: Request[] = [];
	const unanswered: Request[] = [];
	let counted = 0;
	let blind = 0;
	let answers = 0;
	const take = <T>(list: T[], pick: number): T | undefined =>
		list.length ? list.splice(pick % list.length, 1)[0] : undefined;
	for (const { kind, pick } of steps) {
		if (kind === 'send') {
			if (memory.blockingFor(scope, NOW)) continue;
			const request: Request = { taken: memory.take(scope, NOW) };
			if (answers === 0) blind++;
			sent.push(request);
			unhandled.push(request);
		} else if (kind === 'handle') {
			const request = take(unhandled, pick);
			if (!request) continue;
			counted++;
			request.remaining = Math.max(0, limit - counted);
			unanswered.push(request);
		} else {
			const request = take(unanswered, pick);
			if (!request) continue;
			if (kind === 'drop') {
				// handled, but the answer was lost on the way back: the client knows nothing of it
				// (the transport calls lose() for a request that failed without an answer)
				memory.lose(request.taken);
				continue;
			}
			answers++;
			const headers = {
				'X-RateLimit-User-Limit': String(limit),
				'X-RateLimit-User-Remaining': String(request.remaining),
				'X-RateLimit-User-Reset': String(RESET_S),
			};
			memory.rememberAnswer(scope, headers, NOW, request.taken);
		}
	}
	return { counted, blind, sent: sent.length };
}

/** Steps in runs of one kind (a burst of sends, of handlings, of answers), in any order. */
const steps = fc
	.array(
		fc.record({
			kind: fc.constantFrom<Step['kind']>('send', 'handle', 'answer', 'answer', 'drop'),
			times: fc.integer({ min: 1, max: 6 }),
			pick: fc.nat(),
		}),
		{ maxLength: 80 },
	)
	.map((runs) =>
		runs.flatMap(({ kind, times, pick }) =>
			Array.from({ length: times }, (_, n): Step => ({ kind, pick: pick + n * 7 })),
		),
	);

/**
 * A run a CI run's seed found: two sent before any answer, both handled, the second's answer lost, then
 * the first's answer (counted before the lost one) read: the memory gave back a place the service had
 * already counted, and a third request went past the limit.
 */
const LOST_AFTER_READ: [number, Step[]] = [
	2,
	stepsOf('send:0 send:7 handle:0 handle:7 drop:1 answer:0 send:0 handle:0'),
];

/** One request sent, handled and answered before any other goes. */
const FIRST_ALONE = stepsOf('send:0 handle:0 answer:0');

describe('RateLimitMemory with requests in flight together', () => {
	test('the service never counts more than its limit, but for requests sent before any answer', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 20 }), steps, (limit, run) => {
				const { counted, blind } = play(limit, run);
				expect(counted).toBeLessThanOrEqual(Math.max(limit, blind));
			}),
			{ numRuns: 3000, examples: [LOST_AFTER_READ] },
		);
	});

	test('a run whose first request went alone: the service never counts more than its limit', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 20 }), steps, (limit, run) => {
				expect(play(limit, [...FIRST_ALONE, ...run]).counted).toBeLessThanOrEqual(limit);
			}),
			{ numRuns: 3000 },
		);
	});

	test('answers in the order the service handled the requests: the whole budget is used', () => {
		// one request at a time to start, then sends and answers in turn: every request the limit allows goes
		const limit = 10;
		const run = [...FIRST_ALONE];
		for (let n = 0; n < 30; n++)
			run.push({ kind: 'send', pick: 0 }, { kind: 'handle', pick: 0 }, { kind: 'answer', pick: 0 });
		expect(play(limit, run)).toEqual({ counted: limit, blind: 1, sent: limit });
	});

	test('an answer handled first but read last gives back nothing the later requests took', () => {
		const limit = 5;
		const run: Step[] = [
			...FIRST_ALONE,
			// two in flight; the service handles A then B; B's answer arrives first
			...stepsOf('send:0 send:0 handle:0 handle:0 answer:1 answer:0'),
			// what the memory now allows goes at once, before any of it is answered
			...Array.from({ length: 10 }, () => ({ kind: 'send' as const, pick: 0 })),
			...Array.from({ length: 10 }, () => ({ kind: 'handle' as const, pick: 0 })),
		];
		const { counted } = play(limit, run);
		expect(counted).toBeLessThanOrEqual(limit);
		// A, handled before B's answer was read, is counted in that answer and taken off it as pending too
		expect(counted).toBe(limit - 1);
	});
});
