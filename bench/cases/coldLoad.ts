import { execFile, spawnSync } from 'child_process';
import { existsSync, rmSync } from 'fs';
import { join, resolve } from 'path';
import { promisify } from 'util';
import { snapshotProperties } from '../../scripts/snapshotProperties';
import { median, ms } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const run = promisify(execFile);
/** Target for the package's own share, after n8n-workflow is loaded (n8n loads it before any community node). */
const TARGET_MS = 30;
const OUT_DIR = resolve('bench/out/dist');
/** What n8n requires at each start of each process: the files package.json's "n8n" section lists. */
const MODULES = [
	'nodes/SocialPublishing/SocialPublishing.node.js',
	'nodes/SocialPublishingTrigger/SocialPublishingTrigger.node.js',
	'nodes/SocialPublishingPollTrigger/SocialPublishingPollTrigger.node.js',
];

/**
 * Where the time would go if everything loaded at once: each group's entry modules, timed after
 * n8n-workflow and the groups above it. Since the node's parameter list is data, all but the triggers are
 * loaded on the node's first run (or the editor's first option list), not at n8n's start.
 */
const GROUPS: Array<{ name: string; when: string; modules: string[] }> = [
	{ name: 'transport', when: 'first run', modules: ['nodes/common/transport/index.js'] },
	{
		name: 'text helpers (counts, links, Auto-Split, markers)',
		when: 'first run',
		modules: [
			'nodes/SocialPublishing/helpers/text/textLength.js',
			'nodes/SocialPublishing/helpers/text/autoSplit.js',
			'nodes/SocialPublishing/helpers/text/markerSyntax.js',
		],
	},
	{
		name: 'date helpers (luxon, already loaded by n8n-workflow)',
		when: 'first run',
		modules: [
			'nodes/SocialPublishing/helpers/dates.js',
			'nodes/SocialPublishing/helpers/dateRanges.js',
		],
	},
	{
		name: 'operations with their descriptions (the rest of the node)',
		when: 'first run',
		modules: [
			'nodes/SocialPublishing/actions/router.js',
			'nodes/SocialPublishing/methods/loadOptions.js',
		],
	},
	{ name: 'webhook and poll triggers', when: 'start', modules: MODULES.slice(1) },
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
	const expected = [...MODULES, ...GROUPS.flatMap((group) => group.modules)];
	const missing = expected.filter((m) => !existsSync(join(OUT_DIR, m)));
	if (missing.length)
		throw new Error(
			`Build produced no ${missing.join(', ')}: ${(result.stdout + result.stderr).slice(0, 400)}`,
		);
	// As `npm run build`: the node's parameter list as data (scripts/snapshotProperties.ts).
	snapshotProperties(OUT_DIR);
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
		const built = (modules: string[]) => modules.map((m) => join(OUT_DIR, m));
		const ours = built(MODULES);
		const samples = { workflow: [] as number[], whole: [] as number[], own: [] as number[] };
		const groupSamples = GROUPS.map(() => [] as number[]);
		for (let i = 0; i < context.config.coldRuns; i++) {
			samples.whole.push(await timeRequire([], ours));
			samples.workflow.push(await timeRequire([], ['n8n-workflow']));
			samples.own.push(await timeRequire(['n8n-workflow'], ours));
			for (const [index, group] of GROUPS.entries()) {
				const before = ['n8n-workflow', ...built(GROUPS.slice(0, index).flatMap((g) => g.modules))];
				groupSamples[index].push(await timeRequire(before, built(group.modules)));
			}
		}
		const whole = median(samples.whole);
		const own = median(samples.own);
		const count = samples.whole.length;
		return [
			{
				case: 'Cold load of the built node and trigger modules',
				measure: `time to require the three in a fresh process, n8n-workflow included (median of ${count})`,
				result: ms(whole),
				// Mostly n8n-workflow, which n8n has loaded before any community node: information, not the target.
				target: 'info',
			},
			{
				case: 'Cold load of the built node and trigger modules',
				measure:
					"the node's own share: requiring the three after n8n-workflow is loaded (as in n8n, at each start of each process)",
				result: `${ms(own)} (n8n-workflow alone: ${ms(median(samples.workflow))})`,
				target: `< ${TARGET_MS} ms`,
				met: own < TARGET_MS,
			},
			...GROUPS.map(
				(group, index): Row => ({
					case: 'Cold load, by module group',
					measure: `${group.name}: after n8n-workflow and the groups above; loaded at ${group.when}`,
					result: ms(median(groupSamples[index])),
					target: 'info',
				}),
			),
		] satisfies Row[];
	},
};
