/**
 * End-to-end test against real n8n (npm run test:e2e): for each pinned release, the packed package is
 * installed as a community package, the examples are imported and run, the trigger is activated and
 * fed signed deliveries by the sandbox, the poll trigger is activated and polls the sandbox, the
 * credential's test is run through n8n's REST API, the examples that send e-mail and a workflow of the
 * analytics charts mail a loopback mailbox through an SMTP credential picked as a user picks one
 * (mailExamples.ts), a parameter given by an expression that reads an earlier node through a Continue On Fail
 * item is applied or refused naming it (typedParameters.ts), and 200 items go through Draft > Create at the
 * sandbox's latency fault with the default Max Parallel Requests and with 1 (bulk/case.ts).
 *
 *   ts-node --transpile-only scripts/e2e/run.ts [install name or n8n version ...]   (default: all pinned)
 *   E2E_LOAD_MODE=custom loads the package through N8N_CUSTOM_EXTENSIONS instead; E2E_TARBALL=<file.tgz> tests
 *   that tarball instead of packing this clone; E2E_KEEP=1 keeps the throwaway user folders.
 *   E2E_ONLY=<word>[,<word>...] runs only the parts named: an example whose file name contains a word
 *   (`weekly-digest`), and `typed`, `trigger`, `poll`, `credential`, `charts`, `bulk` for those checks (the package's
 *   loading and the imports always run). Unset: everything.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { startSandbox } from '../../sandbox';
import { EXAMPLES, loadExample, sandboxApi } from '../examples/catalog';
import { buildPackage, packPackage, REPO_ROOT } from '../lib/pack';
import { stopAll, stopAllOnExit } from '../lib/processes';
import { ensureInstalled } from './install-n8n';
import { assertPortsHandled, LoadMode, prepareN8n } from './n8n';
import { holdDefaultPorts } from './ports';
import { importCredential, importExamples, loadedPackageNodeTypes, runExample } from './prepare';
import { activatePollExample, checkPollTrigger, type PollActivation } from './pollTrigger';
import { checkTrigger } from './trigger';
import { checkCredentialTest } from './credential';
import { checkBulk } from './bulk/case';
import { checkMail } from './mailExamples';
import { checkTypedParameters } from './typedParameters';

/** E2E_ONLY's words; empty: every part runs. */
const ONLY = (process.env.E2E_ONLY ?? '')
	.split(',')
	.map((word) => word.trim())
	.filter((word) => word !== '');
/** Whether the part named (an example's file name, or a check's word) runs. */
const runs = (name: string) => ONLY.length === 0 || ONLY.some((word) => name.includes(word));

interface Outcome {
	name: string;
	ok: boolean;
	ms: number;
	detail: string[];
}

const outcomes: Outcome[] = [];

async function step(name: string, fn: () => Promise<string[] | void>): Promise<boolean> {
	const started = Date.now();
	try {
		const detail = (await fn()) ?? [];
		outcomes.push({ name, ok: true, ms: Date.now() - started, detail });
		console.log(`  ok    ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
		for (const line of detail) console.log(`          ${line}`);
		return true;
	} catch (error) {
		const message = (error as Error).message;
		outcomes.push({ name, ok: false, ms: Date.now() - started, detail: [message] });
		console.log(
			`  FAIL  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n          ${message.split('\n').join('\n          ')}`,
		);
		return false;
	}
}

async function main(): Promise<number> {
	stopAllOnExit();
	const mode = (process.env.E2E_LOAD_MODE ?? 'community') as LoadMode;
	const t0 = Date.now();
	const installs = ensureInstalled(process.argv.slice(2));
	console.log(`n8n installs ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
	let tarball = '';
	// E2E_TARBALL tests a given package tarball (e.g. a release artifact) instead of building and packing this clone.
	const given = process.env.E2E_TARBALL;
	const built = await step(
		given ? `use the package tarball ${given}` : 'build and npm pack the package',
		async () => {
			if (given) {
				tarball = given;
				return [];
			}
			const built = await buildPackage();
			tarball = await packPackage();
			return [
				tarball,
				built ? 'built' : 'dist/ used as it is: the build of the sources as they are',
			];
		},
	);
	if (!built) return 1;
	const logDir = join(REPO_ROOT, '.e2e');
	mkdirSync(logDir, { recursive: true });
	// n8n's default ports stay taken for the whole run: a port this script forgot to choose fails the run.
	const defaults = await holdDefaultPorts();
	console.log(
		`n8n's default ports held during the run: ${defaults.held.join(', ') || 'none (all in use already)'}`,
	);

	const perRelease: string[] = [];
	for (const install of installs) {
		const releaseStarted = Date.now();
		console.log(
			`\nn8n ${install.n8n} (${install.runtime === 'node24' ? 'Node 24' : `Node ${process.versions.node}`}), package loaded as ${mode === 'community' ? 'a community package' : 'a custom extension'}`,
		);
		const sandbox = await startSandbox({ port: 0, quiet: true });
		let userFolder = '';
		try {
			// Made here, not by prepareN8n, so that the finally below removes it also when preparing fails.
			userFolder = mkdtempSync(join(tmpdir(), `n8n-e2e-${install.name}-`));
			const n8n = await prepareN8n({
				install,
				tarball,
				mode,
				userFolder,
				logFile: join(logDir, `${install.name}.log`),
			});
			const label = (what: string) => `[${install.n8n}] ${what}`;
			const portsOk = await step(label('every port n8n opens is chosen free'), async () => [
				assertPortsHandled(install),
				`server ${n8n.port}, task broker ${n8n.ports.N8N_RUNNERS_BROKER_PORT}`,
			]);
			if (!portsOk) continue;
			const loaded = await step(label('the package loads: n8n lists its node types'), async () => {
				const types = await loadedPackageNodeTypes(n8n);
				for (const name of [
					'socialPublishing',
					'socialPublishingPollTrigger',
					'socialPublishingTrigger',
				]) {
					if (!types.includes(`${n8n.typePrefix}.${name}`))
						throw new Error(
							`n8n did not load ${n8n.typePrefix}.${name}; it lists ${JSON.stringify(types)}`,
						);
				}
				return [types.join(', ')];
			});
			if (!loaded) continue;
			const ready = await step(
				label('import the credential and the example workflows'),
				async () => {
					await importCredential(n8n, {
						apiKey: sandbox.keys.admin,
						baseUrl: sandbox.baseUrl,
						webhookSecret: sandbox.webhookSecret,
					});
					// Examples that need a Redis or PostgreSQL server run in the queue-mode test, which has both.
					const workflows = await importExamples(
						n8n,
						EXAMPLES.filter((e) => !e.redis && !e.postgres),
					);
					return [`${workflows.length} workflows, user folder ${n8n.userFolder}`];
				},
			);
			if (!ready) continue;
			const api = sandboxApi(sandbox.baseUrl, sandbox.keys.admin);
			// The examples that send e-mail run once the server is up, with the mailbox (checkMail below).
			for (const example of EXAMPLES.filter(
				(e) => !e.trigger && !e.poll && !e.postgres && !e.mail && runs(e.file),
			)) {
				await step(label(`n8n execute: ${example.title}`), () => runExample(n8n, example, { api }));
			}
			if (runs('typed'))
				await checkTypedParameters({ n8n, sandbox, step: (name, fn) => step(label(name), fn) });
			// Poll trigger workflows are activated before the server starts (the trigger check starts it), then checked.
			const activations = new Map<string, PollActivation>();
			const polled = EXAMPLES.filter((e) => e.poll && (runs(e.file) || runs('poll')));
			for (const example of polled) {
				await step(label(`activate "${loadExample(example).name}"`), async () => {
					const activation = await activatePollExample(n8n, sandbox, example);
					activations.set(example.file, activation);
					return [`with ${activation.how}`];
				});
			}
			for (const example of EXAMPLES.filter(
				(e) => e.trigger && !e.redis && (runs(e.file) || runs('trigger')),
			)) {
				await checkTrigger({ n8n, sandbox, example, step: (name, fn) => step(label(name), fn) });
			}
			for (const example of polled) {
				await checkPollTrigger({
					n8n,
					sandbox,
					example,
					activation: activations.get(example.file),
					step: (name, fn) => step(label(name), fn),
				});
			}
			if (runs('credential'))
				await checkCredentialTest({ n8n, sandbox, step: (name, fn) => step(label(name), fn) });
			await checkMail({
				n8n,
				sandbox,
				examples: EXAMPLES.filter((e) => e.mail && !e.trigger && !e.poll && runs(e.file)),
				charts: runs('charts'),
				step: (name, fn) => step(label(name), fn),
			});
			if (runs('bulk'))
				await checkBulk({ n8n, sandbox, step: (name, fn) => step(label(name), fn) });
		} finally {
			await stopAll();
			await sandbox.close();
			// E2E_KEEP=1 keeps the throwaway user folder (database, logs) for a look after a failure.
			if (userFolder && !process.env.E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
			perRelease.push(`n8n ${install.n8n} ${((Date.now() - releaseStarted) / 1000).toFixed(0)} s`);
		}
	}
	await defaults.release();
	if (!given) rmSync(dirname(tarball), { recursive: true, force: true });
	const passed = outcomes.filter((o) => o.ok).length;
	const failed = outcomes.length - passed;
	console.log(
		`\nend-to-end with real n8n: ${((Date.now() - t0) / 1000).toFixed(0)} s (${perRelease.join(', ')})`,
	);
	console.log(`${passed} passed, ${failed} failed`);
	return failed === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	async (error: Error) => {
		console.error(error.stack ?? error.message);
		await stopAll();
		process.exit(1);
	},
);
