/**
 * End-to-end test of n8n in queue mode (npm run test:e2e:queue): real Redis and PostgreSQL, n8n's
 * main process, one worker and two webhook processes; the packed package installed as a community
 * package, the examples imported, the trigger workflow published; then a burst of signed deliveries
 * made by the sandbox, split across both webhook processes, with exact duplicates sent to the other
 * process, and the same burst to n8n's own Webhook node as a control; again for each setting of the
 * webhook processes; then with two workers, a smaller burst to the trigger example and one to the Redis
 * example, which counts each delivery_id in Redis and lets only the first on (see PHASES). Before the
 * bursts, a manual execution of 200 items through Draft > Create runs on a worker (main offloads manual
 * executions to the workers) against a latency fault and a drafts.create rate limit (bulk.ts), and
 * the PostgreSQL example upserts analytics rows into the same PostgreSQL server twice over
 * overlapping ranges (analyticsRows.ts): one row per post with the newest metrics. Prints the
 * figures and writes them to bench/RESULTS.md ("queue mode burst").
 *
 *   ts-node --transpile-only scripts/e2e/queue/run.ts [install name or n8n version ...]   (default: n8n 2.41.1 on Node 24)
 *   QUEUE_BURST_DELIVERIES=500 QUEUE_BURST_DUPLICATES=50 QUEUE_BURST_CONCURRENCY=50 set the burst, QUEUE_WORKERS=1 the workers;
 *   QUEUE_DUPLICATES_TO=same sends each duplicate to its original's webhook process (default: the other one);
 *   E2E_TARBALL=<file.tgz> tests that tarball; E2E_KEEP=1 keeps the throwaway folders; QUEUE_RESULTS=false
 *   writes no results file; QUEUE_PROFILE=1 has the first webhook process write a CPU profile to .e2e/queue/prof;
 *   QUEUE_WEBHOOK_ENV='{"N8N_EXPRESSION_ENGINE":"legacy"}' sends one burst with these n8n settings (JSON) on both webhook
 *   processes, a JSON array one burst per object (by default three: n8n's defaults, N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true,
 *   N8N_EXPRESSION_ENGINE=legacy); QUEUE_TRIGGER_VERSION=1.1 the trigger node's version in the tested workflow;
 *   QUEUE_TWO_WORKER_DELIVERIES=200 the deliveries (duplicates included) of each two-worker burst, QUEUE_TWO_WORKERS=0 skips them.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { startSandbox } from '../../../sandbox';
import { withSection } from '../../lib/resultsSections';
import { buildPackage, packPackage, REPO_ROOT } from '../../lib/pack';
import {
	liveGroups,
	removeOnExit,
	startedGroupCount,
	stopAll,
	stopAllOnExit,
} from '../../lib/processes';
import { ensureInstalled } from '../install-n8n';
import { N8nInstall } from '../installs';
import { holdDefaultPorts } from '../ports';
import type { BurstFigures } from './figures';
import { checkBulkOnWorker } from './bulk';
import { runPhase } from './phase';
import { resultsSection } from './report';
import { DEFAULT_INSTALL, PHASES } from './settings';
import { ensureServers } from './services';
import { setUpCluster, ToStop } from './setup';
import { reportUnreported, tally } from './steps';

async function runOne(
	install: N8nInstall,
	tarball: string,
	logDir: string,
): Promise<BurstFigures[]> {
	console.log(
		`\nn8n ${install.n8n} (${install.runtime === 'node24' ? 'Node 24' : `Node ${process.versions.node}`}) in queue mode`,
	);
	const base = mkdtempSync(join(tmpdir(), 'n8n-queue-e2e-'));
	// Removed at the end, and also when the run is interrupted (after its processes are stopped).
	const removeBase = process.env.E2E_KEEP ? () => undefined : removeOnExit(base);
	// PostgreSQL runs as its own account when this runs as root: it must be able to reach its data folder.
	chmodSync(base, 0o711);
	const sandbox = await startSandbox({ port: 0, quiet: true });
	const toStop: ToStop = { processes: [], services: [] };
	const bursts: BurstFigures[] = [];
	try {
		const cluster = await setUpCluster(install, tarball, logDir, base, sandbox, toStop);
		// Reported by its step; the bursts run either way.
		await checkBulkOnWorker(cluster).catch(reportUnreported);
		for (let phase = 0; phase < PHASES.length; phase++) bursts.push(await runPhase(cluster, phase));
		return bursts;
	} catch (error) {
		reportUnreported(error);
		return [];
	} finally {
		// n8n first (it holds connections to the database and Redis), then the services, then anything left.
		for (const p of toStop.processes.reverse()) await p.process.stop();
		for (const s of toStop.services.reverse()) await s.stop();
		await stopAll();
		await sandbox.close();
		if (process.env.E2E_KEEP) console.log(`  kept ${base}`);
		else removeBase();
	}
}

async function main(): Promise<number> {
	stopAllOnExit();
	const t0 = Date.now();
	const installs = ensureInstalled(
		process.argv.slice(2).length ? process.argv.slice(2) : [DEFAULT_INSTALL],
	);
	console.log(`n8n installs ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	console.log(`Redis and PostgreSQL: ${await ensureServers()}`);
	const given = process.env.E2E_TARBALL;
	let tarball = given ?? '';
	if (!given) {
		await buildPackage();
		tarball = await packPackage();
	}
	const removeTarball = given ? () => undefined : removeOnExit(dirname(tarball));
	const logDir = join(REPO_ROOT, '.e2e', 'queue');
	rmSync(logDir, { recursive: true, force: true });
	mkdirSync(logDir, { recursive: true });
	const defaults = await holdDefaultPorts();
	console.log(
		`n8n's default ports held during the run: ${defaults.held.join(', ') || 'none (all in use already)'}`,
	);
	const results: BurstFigures[][] = [];
	try {
		for (const install of installs) {
			const bursts = await runOne(install, tarball, logDir);
			if (bursts.length) results.push(bursts);
		}
	} finally {
		await defaults.release();
		removeTarball();
	}
	const left = liveGroups();
	console.log(
		`\nprocesses left running: ${left.length} (${startedGroupCount()} process groups started, their members and descendants checked)${left.length ? `: pids ${left.join(', ')}` : ''}`,
	);
	if (left.length) tally.failures++;
	const file = process.env.QUEUE_RESULTS === 'false' ? '' : join(REPO_ROOT, 'bench', 'RESULTS.md');
	if (file && results.length) {
		const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
		const text = readFileSync(file, 'utf8');
		writeFileSync(
			file,
			withSection(
				text,
				'queue-mode-burst',
				['## Queue mode burst', ...results.map((bursts) => resultsSection(bursts, when))].join(
					'\n\n',
				),
			),
		);
		console.log(`wrote the queue mode burst figures to ${file}`);
	}
	console.log(
		`\nqueue-mode end-to-end: ${((Date.now() - t0) / 1000).toFixed(0)} s, ${tally.failures === 0 ? 'passed' : `${tally.failures} failed`}`,
	);
	return tally.failures === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	async (error: Error) => {
		console.error(error.stack ?? error.message);
		await stopAll();
		process.exit(1);
	},
);
