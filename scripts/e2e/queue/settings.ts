/**
 * The settings of the queue-mode end-to-end run (see run.ts for the variables) and the bursts they make.
 */

export const DEFAULT_INSTALL = 'n8n-2.41.1-node24';
const num = (name: string, fallback: number) =>
	process.env[name] ? Number(process.env[name]) : fallback;
export const DELIVERIES = num('QUEUE_BURST_DELIVERIES', 500);
export const DUPLICATES = num('QUEUE_BURST_DUPLICATES', 50);
export const CONCURRENCY = num('QUEUE_BURST_CONCURRENCY', 50);
export const WORKERS = num('QUEUE_WORKERS', 1);
/** QUEUE_DUPLICATES_TO=same: each duplicate goes to its original's webhook process (a load balancer routing by the signature header), not the other one. */
export const SAME_PROCESS = process.env.QUEUE_DUPLICATES_TO === 'same';
export const dupTarget = SAME_PROCESS
	? 'the same webhook process as its original'
	: 'the other webhook process';
/** QUEUE_REMOVE_DUPLICATES=1: n8n's Remove Duplicates node (database-backed, across executions) after the trigger. */
export const REMOVE_DUPLICATES = process.env.QUEUE_REMOVE_DUPLICATES === '1';
/**
 * The version the trigger workflow's trigger node is imported at (QUEUE_TRIGGER_VERSION): the node's
 * default, 1.1. n8n evaluates an expression for every webhook call to a node of version 1 exactly.
 */
export const TRIGGER_VERSION = num('QUEUE_TRIGGER_VERSION', 1.1);
/** The trigger example's last node; a run that reached it puts out the draft's id as draft_id. */
export const END_NODE = 'Collect Published URLs';
export const ACK_TARGET_MS = 1000;

/**
 * n8n settings for the webhook processes, one burst each (QUEUE_WEBHOOK_ENV: a JSON object for one
 * burst, or an array of them). By default three bursts: n8n's defaults (an expression isolate built
 * for every webhook call to a community trigger), N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true (an isolate
 * only for a call that evaluates an expression: none of the trigger's), and N8N_EXPRESSION_ENGINE=legacy
 * (no isolate at all). See bench/README.md, "Queue mode burst".
 */
export const WEBHOOK_SETTINGS: Array<Record<string, string>> = (() => {
	const text = process.env.QUEUE_WEBHOOK_ENV;
	if (!text)
		return [
			{},
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
			{ N8N_EXPRESSION_ENGINE: 'legacy' },
		];
	const parsed = JSON.parse(text) as Record<string, string> | Array<Record<string, string>>;
	return Array.isArray(parsed) ? parsed : [parsed];
})();

/** The two-worker comparison (QUEUE_TWO_WORKERS=0 skips it): deliveries per burst, duplicates included. */
export const TWO_WORKERS = process.env.QUEUE_TWO_WORKERS !== '0' && WORKERS < 2;
export const TWO_WORKER_DELIVERIES = num('QUEUE_TWO_WORKER_DELIVERIES', 200);

/** Which workflow a burst goes to: the trigger example, or the example with the Redis recipe after the trigger. */
export type Recipe = 'none' | 'redis';

export interface Phase {
	/** n8n settings of both webhook processes. */
	env: Record<string, string>;
	workers: number;
	recipe: Recipe;
	deliveries: number;
	duplicates: number;
	/** Also sends the burst to n8n's own Webhook node. */
	control: boolean;
}

/**
 * The bursts, one after the other: one per webhook setting with QUEUE_WORKERS workers (and the control);
 * then, with a second worker started, a smaller burst to the trigger example and one to the Redis
 * example (lazy acquisition on the webhook processes): duplicates that ran with and without the recipe.
 */
export const PHASES: Phase[] = [
	...WEBHOOK_SETTINGS.map(
		(env): Phase => ({
			env,
			workers: WORKERS,
			recipe: 'none',
			deliveries: DELIVERIES,
			duplicates: DUPLICATES,
			control: true,
		}),
	),
	...(TWO_WORKERS
		? (['none', 'redis'] as const).map(
				(recipe): Phase => ({
					env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
					workers: 2,
					recipe,
					deliveries: TWO_WORKER_DELIVERIES,
					duplicates: DUPLICATES,
					control: false,
				}),
			)
		: []),
];
