/** The queue-mode burst figures as lines for the console and as the section of bench/RESULTS.md. */
import type { BurstFigures } from './figures';
import type { Recipe } from './settings';
import { ACK_TARGET_MS, SAME_PROCESS, TRIGGER_VERSION, dupTarget } from './settings';

export const ms = (value: number) =>
	value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
export const sum = (pair: { afterAck: number; simultaneous: number }) =>
	pair.afterAck + pair.simultaneous;
export const settingsText = (f: BurstFigures) =>
	f.settings.length ? f.settings.join(', ') : "n8n's defaults";
export const recipeText = (recipe: Recipe) =>
	recipe === 'redis'
		? 'the Redis example (INCR on delivery:<delivery_id>, then If)'
		: 'the trigger example (no recipe)';
export const workersText = (n: number) => (n === 1 ? 'one worker' : `${n} workers`);

export function figureLines(f: BurstFigures): string[] {
	const dupTotal = sum(f.duplicates);
	return [
		`deliveries sent: ${f.sent} (${f.originals} distinct + ${dupTotal} exact duplicates, each to ${dupTarget}: ${f.duplicates.afterAck} after the original's answer, ${f.duplicates.simultaneous} at the same moment), ${f.concurrency} in flight, all sent in ${ms(f.sendWallMs)}`,
		`n8n settings of this burst: ${settingsText(f)}; ${workersText(f.workers)}; workflow: ${recipeText(f.recipe)}`,
		`acknowledged 2xx: ${f.acked} of ${f.sent}; duplicates answered as duplicates: ${f.answeredDuplicate} of ${dupTotal}`,
		`acknowledgement latency: p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)}`,
		`executions started: ${f.executions} (${f.passedTrigger} passed the trigger, ${f.stoppedAtTrigger} stopped at it, ${f.reachedEnd} reached the last node); ${f.succeeded} succeeded; all finished ${ms(f.drainMs)} after the first delivery`,
		`deliveries lost (distinct deliveries without a run): ${f.lost} of ${f.originals}`,
		`duplicates that started an execution (both copies acknowledged as new: a second execution): ${sum(f.duplicatesStarted)} of ${dupTotal} (${f.duplicatesStarted.afterAck} of ${f.duplicates.afterAck} sent after the answer, ${f.duplicatesStarted.simultaneous} of ${f.duplicates.simultaneous} sent at the same moment)`,
		`duplicates that ran the workflow: ${f.duplicatesRun.afterAck} of ${f.duplicates.afterAck} sent after the answer, ${f.duplicatesRun.simultaneous} of ${f.duplicates.simultaneous} sent at the same moment`,
		...(f.recipe === 'redis'
			? [
					`executions that passed the trigger and stopped at the recipe's If (a copy counted twice in Redis): ${f.stoppedByRecipe}`,
				]
			: []),
		`CPU used from the first delivery until every execution finished: ${cpuLine(f.cpuMs, f.sent, f.executions)}`,
		`executions run by the worker${f.perWorker.length > 1 ? 's' : ''} (the log names each one): ${f.onWorker} of ${f.executions}${f.perWorker.length > 1 ? ` (${f.perWorker.join(' + ')})` : ''}`,
	];
}

function cpuLine(cpu: Record<string, number>, sent: number, executions: number): string {
	const per = (role: string, n: number, unit: string) =>
		cpu[role] === undefined ? '' : `${role} ${(cpu[role] / n).toFixed(1)} ms per ${unit}`;
	return [
		per('webhook processes', sent, 'delivery'),
		per('worker', executions, 'execution'),
		per('main', sent, 'delivery'),
		per('PostgreSQL', sent, 'delivery'),
		per('Redis', sent, 'delivery'),
		per('sender', sent, 'delivery'),
	]
		.filter(Boolean)
		.join(', ');
}

export function controlLines(f: BurstFigures): string[] {
	const c = f.control;
	if (!c) return [];
	return [
		`n8n's Webhook node, same burst: acknowledged 2xx ${c.acked} of ${c.sent}; latency p50 ${ms(c.p50)}, p99 ${ms(c.p99)}, max ${ms(c.max)}; sent in ${ms(c.sendWallMs)}; ${c.executions} executions`,
		`CPU meanwhile: ${cpuLine(c.cpuMs, c.sent, c.executions)}`,
	];
}

export function resultsSection(bursts: BurstFigures[], when: string): string {
	const first = bursts[0];
	const dupTotal = sum(first.duplicates);
	const met = (ok: boolean) => (ok ? 'met' : '**not met**');
	const main = bursts.filter((f) => f.workers === first.workers && f.recipe === 'none');
	const more = bursts.filter((f) => !main.includes(f));
	const rows = bursts.flatMap((f) => {
		const dupTotal = sum(f.duplicates);
		const name =
			f.workers === first.workers && f.recipe === 'none'
				? `Queue mode burst (n8n ${f.install.n8n}, webhook processes: ${settingsText(f)})`
				: `Queue mode burst (n8n ${f.install.n8n}, ${workersText(f.workers)}, ${f.recipe === 'redis' ? 'Redis recipe' : 'no recipe'}, webhook processes: ${settingsText(f)})`;
		return [
			`| ${name} | deliveries acknowledged 2xx | ${f.acked} of ${f.sent} | all | ${met(f.acked === f.sent)} |`,
			`| ${name} | distinct deliveries without a run (lost) | ${f.lost} of ${f.originals} | 0 | ${met(f.lost === 0)} |`,
			`| ${name} | acknowledgement latency p99 | ${ms(f.p99)} (p50 ${ms(f.p50)}, max ${ms(f.max)}) | < ${ms(ACK_TARGET_MS)} | ${met(f.p99 < ACK_TARGET_MS)} |`,
			`| ${name} | duplicates that started an execution (both copies acknowledged as new: a second execution of the delivery) | ${sum(f.duplicatesStarted)} of ${dupTotal} (${f.duplicatesStarted.afterAck} of ${f.duplicates.afterAck} sent after the answer, ${f.duplicatesStarted.simultaneous} of ${f.duplicates.simultaneous} sent at the same moment) | 0 | ${met(sum(f.duplicatesStarted) === 0)} |`,
			`| ${name} | duplicates that ran the workflow (past the trigger) | ${sum(f.duplicatesRun)} of ${dupTotal} (${f.duplicatesRun.afterAck} of ${f.duplicates.afterAck} sent after the answer, ${f.duplicatesRun.simultaneous} of ${f.duplicates.simultaneous} sent at the same moment) | 0 | ${met(sum(f.duplicatesRun) === 0)} |`,
			`| ${name} | executions started | ${f.executions} (${f.passedTrigger} passed the trigger, ${f.stoppedAtTrigger} stopped at it as duplicates, ${f.recipe === 'redis' ? `${f.stoppedByRecipe} stopped at the recipe's If, ` : ''}${f.reachedEnd} reached the last node) | info |  |`,
			`| ${name} | executions run by ${f.perWorker.length === 1 ? 'the worker' : `the ${f.perWorker.length} workers`} | ${f.onWorker} of ${f.executions}${f.perWorker.length > 1 ? ` (${f.perWorker.join(' + ')})` : ''}; ${f.succeeded} succeeded | all | ${met(f.onWorker === f.executions && f.succeeded === f.executions)} |`,
			`| ${name} | time from the first delivery until every execution finished | ${ms(f.drainMs)} (sending took ${ms(f.sendWallMs)}; load average before: ${f.loadBefore}) | info |  |`,
			`| ${name} | CPU time used meanwhile | ${cpuLine(f.cpuMs, f.sent, f.executions)} | info |  |`,
			...(f.control
				? [
						`| ${name} | control: the same burst to n8n's own Webhook node (no signature check, no replay memory) on the same processes | acknowledged ${f.control.acked} of ${f.control.sent}; p50 ${ms(f.control.p50)}, p99 ${ms(f.control.p99)}, max ${ms(f.control.max)}; CPU ${cpuLine(f.control.cpuMs, f.control.sent, f.control.executions)} | info |  |`,
					]
				: []),
		];
	});
	return [
		`Written by \`npm run test:e2e:queue\` (${when}): n8n ${first.install.n8n} on ${first.install.runtime === 'node24' ? 'Node 24' : `Node ${process.versions.node}`} in queue mode on this machine: main, ${first.perWorker.length === 1 ? 'one worker' : `${first.perWorker.length} workers`} (concurrency ${first.workerConcurrency}), two webhook processes, Redis and PostgreSQL from the Debian packages; the trigger workflow's trigger node at version ${TRIGGER_VERSION}. ${main.length === 1 ? 'One burst' : `${main.length} bursts, one after the other, each with the webhook processes started afresh with the settings its rows name (${main.map(settingsText).join('; then ')}) and the trigger's static data emptied`}: the sandbox signs ${first.originals} new draft.published deliveries; they go out ${first.concurrency} at a time, alternating between the two webhook processes, with ${dupTotal} exact duplicates each sent to ${SAME_PROCESS ? "its original's process (QUEUE_DUPLICATES_TO=same)" : 'the other process than its original'} (${first.duplicates.afterAck} right after the original was answered, ${first.duplicates.simultaneous} at the same moment). A duplicate started an execution when both copies of its delivery were acknowledged as new (neither answered \`"duplicate": true\`: a second execution; the run checks that executions started equal deliveries acknowledged as new); one that ran the workflow got past the trigger's check on the worker as well. Executions and their trigger output are read from PostgreSQL; the worker's log names every execution it ran.${
			more.length
				? ` Then ${more.length === 1 ? 'one more burst' : `${more.length} more bursts`} with ${workersText(more[0].workers)} (a second \`n8n worker\` started; webhook processes: ${settingsText(more[0])}), each of ${more[0].originals} new deliveries and ${sum(more[0].duplicates)} duplicates sent as above: ${more.map((f) => `to ${recipeText(f.recipe)}`).join(', then ')}. With two workers the trigger's check on the worker is not exact (n8n's record of processed items has no lock across processes); the Redis example counts each \`delivery_id\` with one atomic INCR in the queue's Redis and lets only the first count through its If.`
				: ''
		}`,
		'',
		'| Case | Measure | Result | Target | Met |',
		'|---|---|---|---|---|',
		...rows,
	].join('\n');
}
