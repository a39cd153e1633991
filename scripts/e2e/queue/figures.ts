/** The figures of one queue-mode burst, counted from its sends and the executions n8n stored. */
import type { Send } from './burst';
import { percentile } from './burst';
import type { StoredExecution } from './executions';
import type { N8nInstall } from '../installs';
import type { Phase, Recipe } from './settings';
import { CONCURRENCY } from './settings';

export interface BurstFigures {
	install: N8nInstall;
	/** Workers running during the burst, and the workflow it went to. */
	workers: number;
	recipe: Recipe;
	sent: number;
	originals: number;
	duplicates: { afterAck: number; simultaneous: number };
	acked: number;
	answeredDuplicate: number;
	/** Duplicates whose delivery started two executions: both copies were acknowledged as new (not answered as a duplicate). */
	duplicatesStarted: { afterAck: number; simultaneous: number };
	/** Deliveries answered {"received":true} (neither duplicate nor ignored): the executions they started. */
	answeredNew: number;
	p50: number;
	p99: number;
	max: number;
	sendWallMs: number;
	drainMs: number;
	executions: number;
	passedTrigger: number;
	stoppedAtTrigger: number;
	lost: number;
	/** Executions that reached the workflow's last node. */
	reachedEnd: number;
	/** Executions that passed the trigger but not the Redis recipe's If (a copy counted twice). */
	stoppedByRecipe: number;
	/** Runs that reached the end with a draft id that is not one of the burst's (must be 0). */
	strayRuns: number;
	duplicatesRun: { afterAck: number; simultaneous: number };
	onWorker: number;
	/** Executions each worker ran, by its log. */
	perWorker: number[];
	succeeded: number;
	concurrency: number;
	workerConcurrency: number;
	/** n8n settings the run was given beyond the script's own: the webhook processes' for this burst, and N8N_EXPRESSION_ENGINE* from the environment (every process). */
	settings: string[];
	/** Load average (1 / 5 / 15 min) just before the burst. */
	loadBefore: string;
	/** CPU time each kind of process used from the first delivery until every execution finished, ms. */
	cpuMs: Record<string, number>;
	/** The same burst sent to n8n's own Webhook node on the same processes (the control). */
	control?: {
		sent: number;
		acked: number;
		p50: number;
		p99: number;
		max: number;
		executions: number;
		cpuMs: Record<string, number>;
		sendWallMs: number;
	};
}

export const is2xx = (s: Send) => s.status !== undefined && s.status >= 200 && s.status < 300;
/** Answered as a new delivery: n8n started an execution for it (response mode "on received"). */
const startedAnExecution = (s: Send) =>
	is2xx(s) && !/"(duplicate|ignored)":\s*true/.test(s.answer ?? '');

/** What one burst's run looked like: its sends, its executions, and the workers' logs. */
export interface BurstRun {
	install: N8nInstall;
	phase: Phase;
	sends: Send[];
	executions: StoredExecution[];
	/** The ids of the executions each worker's log names. */
	workerIds: Set<string>[];
	sendWallMs: number;
	drainMs: number;
	workerConcurrency: number;
	settings: string[];
	/** Load average just before the burst. */
	loadBefore: string;
}

export function figuresOf(run: BurstRun): BurstFigures {
	const { install, phase, sends, executions, workerIds, sendWallMs, drainMs } = run;
	const { workerConcurrency, settings, loadBefore } = run;
	const originals = sends.filter((s) => s.kind === 'original');
	const dups = sends.filter((s) => s.kind !== 'original');
	const passedByDraft = new Map<number, number>();
	// A run of the workflow is one that reached its last node; each draft was delivered once as an
	// original, so a second run for a draft came from its duplicate.
	for (const e of executions)
		if (e.endDraftId !== undefined)
			passedByDraft.set(e.endDraftId, (passedByDraft.get(e.endDraftId) ?? 0) + 1);
	const ranTwice = (s: Send) => (passedByDraft.get(s.delivery.draftId) ?? 0) > 1;
	const latencies = sends.map((s) => s.latencyMs ?? Number.NaN).filter(Number.isFinite);
	const ofKind = (kind: Send['kind'], test: (s: Send) => boolean) =>
		dups.filter((s) => s.kind === kind && test(s)).length;
	// A duplicate started a second execution when both copies of its delivery were acknowledged as new
	// (when the duplicate was answered first, its original is the copy answered as a duplicate).
	const startedByDraft = new Map<number, number>();
	for (const s of sends)
		if (startedAnExecution(s))
			startedByDraft.set(s.delivery.draftId, (startedByDraft.get(s.delivery.draftId) ?? 0) + 1);
	const startedTwice = (s: Send) => (startedByDraft.get(s.delivery.draftId) ?? 0) > 1;
	return {
		install,
		workers: phase.workers,
		recipe: phase.recipe,
		sent: sends.length,
		originals: originals.length,
		duplicates: {
			afterAck: ofKind('duplicate-after-ack', () => true),
			simultaneous: ofKind('duplicate-simultaneous', () => true),
		},
		acked: sends.filter(is2xx).length,
		answeredDuplicate: dups.filter((s) => /"duplicate":\s*true/.test(s.answer ?? '')).length,
		duplicatesStarted: {
			afterAck: ofKind('duplicate-after-ack', startedTwice),
			simultaneous: ofKind('duplicate-simultaneous', startedTwice),
		},
		answeredNew: sends.filter(startedAnExecution).length,
		p50: percentile(latencies, 50),
		p99: percentile(latencies, 99),
		max: Math.max(...latencies),
		sendWallMs,
		drainMs,
		executions: executions.length,
		passedTrigger: executions.filter((e) => e.triggerItems > 0).length,
		stoppedAtTrigger: executions.filter((e) => e.triggerItems === 0).length,
		lost: originals.filter((s) => !passedByDraft.has(s.delivery.draftId)).length,
		reachedEnd: executions.filter((e) => e.endDraftId !== undefined).length,
		stoppedByRecipe:
			phase.recipe === 'redis'
				? executions.filter((e) => e.triggerItems > 0 && e.endDraftId === undefined).length
				: 0,
		strayRuns: executions.filter(
			(e) =>
				e.endDraftId !== undefined && !originals.some((o) => o.delivery.draftId === e.endDraftId),
		).length,
		duplicatesRun: {
			afterAck: ofKind('duplicate-after-ack', ranTwice),
			simultaneous: ofKind('duplicate-simultaneous', ranTwice),
		},
		onWorker: executions.filter((e) => workerIds.some((ids) => ids.has(e.id))).length,
		perWorker: workerIds.map((ids) => executions.filter((e) => ids.has(e.id)).length),
		succeeded: executions.filter((e) => e.status === 'success').length,
		concurrency: CONCURRENCY,
		workerConcurrency,
		settings,
		loadBefore,
		cpuMs: {},
	};
}
