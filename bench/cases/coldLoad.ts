import { execFile, spawnSync } from 'child_process';
import { existsSync, rmSync } from 'fs';
import { join, resolve } from 'path';
import { promisify } from 'util';
import { median, ms } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const run = promisify(execFile);
/** Target for the package's own share, after n8n-workflow is loaded (n8n loads it before any community node). */
const TARGET_MS = 150;
const OUT_DIR = resolve('bench/out/dist');
const MODULES = [
	'nodes/SocialPublishing/SocialPublishing.node.js',
	'nodes/SocialPublishingTrigger/SocialPublishingTrigger.node.js',
];

/** Compiles nodes/ and credentials/ with the package's build config into bench/out/dist (the published JS). */
function build(): void {
	rmSync(OUT_DIR, { recursive: true, force: true });
	const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
	const result = spawnSync(
		process.execPath,
		[tsc, '-p', 'tsconfig.build.json', '--outDir', OUT_DIR, '--sourceMap', 'false'],
		{ encoding: 'utf8' },
	);
	const missing = MODULES.filter((m) => !existsSync(join(OUT_DIR, m)));
	if (missing.length)
		throw new Error(
			`Build produced no ${missing.join(', ')}: ${(result.stdout + result.stderr).slice(0, 400)}`,
		);
}

/** A fresh `node -e` that requires `before` untimed, then times requiring `timed`; prints milliseconds. */
async function timeRequire(before: string[], timed: string[]): Promise<number> {
	const script = [
		`for (const m of ${JSON.stringify(before)}) require(m);`,
		'const start = process.hrtime.bigint();',
		`for (const m of ${JSON.stringify(timed)}) require(m);`,
		'process.stdout.write(String(Number(process.hrtime.bigint() - start) / 1e6));',
	].join('\n');
	const { stdout } = await run(process.execPath, ['-e', script], { cwd: process.cwd() });
	return Number(stdout);
}

export const coldLoad: BenchCase = {
	id: 'coldLoad',
	title: 'Cold load of the built modules',
	async run(context) {
		build();
		const ours = MODULES.map((m) => join(OUT_DIR, m));
		const samples = { workflow: [] as number[], whole: [] as number[], own: [] as number[] };
		for (let i = 0; i < context.config.coldRuns; i++) {
			samples.whole.push(await timeRequire([], ours));
			samples.workflow.push(await timeRequire([], ['n8n-workflow']));
			samples.own.push(await timeRequire(['n8n-workflow'], ours));
		}
		const whole = median(samples.whole);
		const own = median(samples.own);
		return [
			{
				case: 'Cold load of the built node and trigger modules',
				measure: `time to require both in a fresh process, n8n-workflow included (median of ${samples.whole.length})`,
				result: ms(whole),
				// Mostly n8n-workflow, which n8n has loaded before any community node: information, not the target.
				target: 'info',
			},
			{
				case: 'Cold load of the built node and trigger modules',
				measure: "the node's own share: requiring both after n8n-workflow is loaded (as in n8n)",
				result: `${ms(own)} (n8n-workflow alone: ${ms(median(samples.workflow))})`,
				target: `< ${TARGET_MS} ms`,
				met: own < TARGET_MS,
			},
		] satisfies Row[];
	},
};
