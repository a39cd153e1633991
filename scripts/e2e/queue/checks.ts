/**
 * The pass/fail checks of one burst of the queue-mode end-to-end run, made on its figures.
 */
import type { BurstFigures } from './figures';
import { sum, workersText } from './report';
import type { Phase } from './settings';
import { check, step } from './steps';

export async function checkBurst(figures: BurstFigures, current: Phase, label: string) {
	// No copy may run the workflow twice: with one worker the trigger's check on the worker is exact,
	// with several the Redis recipe must be.
	const exact = current.workers === 1 || current.recipe === 'redis';
	await step(
		`checks: all acknowledged, none lost, one execution per delivery acknowledged as new, every execution run by a worker and successful${exact ? ', no duplicate ran the workflow' : ''}${label}`,
		async () => {
			const failed: string[] = [];
			check(
				failed,
				figures.acked === figures.sent,
				`${figures.sent - figures.acked} deliveries were not acknowledged with a 2xx`,
			);
			check(failed, figures.lost === 0, `${figures.lost} distinct deliveries started no run`);
			// Every delivery answered as new started exactly one execution: the count of duplicates that started one rests on it.
			check(
				failed,
				figures.answeredNew === figures.executions,
				`${figures.answeredNew} deliveries were acknowledged as new but ${figures.executions} executions started`,
			);
			check(
				failed,
				figures.onWorker === figures.executions,
				`${figures.executions - figures.onWorker} executions are not in the worker's log`,
			);
			check(
				failed,
				figures.succeeded === figures.executions,
				`${figures.executions - figures.succeeded} executions did not succeed`,
			);
			if (exact)
				check(
					failed,
					sum(figures.duplicatesRun) === 0,
					`${sum(figures.duplicatesRun)} duplicates ran the workflow with ${workersText(current.workers)}${current.recipe === 'redis' ? ' and the Redis recipe' : ''}`,
				);
			check(
				failed,
				figures.strayRuns === 0,
				`${figures.strayRuns} runs reached the end with a draft that was not in the burst`,
			);
			if (failed.length) throw new Error(failed.join('\n'));
			return {
				value: undefined,
				lines: [
					`(latency${exact ? '' : ' and duplicates that ran'} are figures, reported against their targets in bench/RESULTS.md, not pass/fail here)`,
				],
			};
		},
	);
}
