/**
 * The editor test (npm run test:editor): real n8n 2.41.1 from the pinned install, this package installed as
 * a community package, the sandbox behind its credential, and the editor in headless Chromium (Debian's
 * package, installed when missing; driven by playwright-core, no browser download). Every operation the
 * node exports is opened, checked and run from its panel as a builder would; then the pickers, the
 * credential modal, the node creator's search, the AI tool, the binary and table views and the triggers'
 * panels, once each. It writes docs/screenshots/ from the same session (screenshots.ts lists them).
 *
 *   ts-node --transpile-only scripts/editor/run.ts
 *   N8N_DEV_VERSION (an install name or n8n version) and CHROMIUM_PATH change the release and the browser;
 *   EDITOR_ONLY=<text> runs only the operations whose name contains it, and the once-each checks only
 *   with EDITOR_ONCE=1.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { freePort, stopAll } from '../lib/processes';
import { startDevEnvironment, type DevEnvironment } from '../dev';
import { ownerSession, type Session } from '../e2e/rest';
import { ensureChromium, launchBrowser, watchConsole } from './browser';
import { signIn } from './editor';
import { checkOperations } from './operations';
import { checkOnceAfter, checkOnceAlongside } from './once';
import { sandboxApi, type SandboxApi } from '../examples/catalog';
import { SOCIAL_SET } from '../../test/properties/targets';
import { SCREENSHOTS, TAKEN, type ScreenshotName } from './screenshots';
import { everyOperationWorkflow, operationCases, saveWorkflow } from './workflows';

export interface Outcome {
	name: string;
	ok: boolean;
	ms: number;
	detail: string[];
}

export type Step = (name: string, fn: () => Promise<string[] | void>) => Promise<boolean>;

const outcomes: Outcome[] = [];

const step: Step = async (name, fn) => {
	const started = Date.now();
	const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
	try {
		const detail = (await fn()) ?? [];
		outcomes.push({ name, ok: true, ms: Date.now() - started, detail });
		console.log(`  ok    ${name} (${took()})`);
		for (const line of detail) console.log(`          ${line}`);
		return true;
	} catch (error) {
		const message = (error as Error).message;
		outcomes.push({ name, ok: false, ms: Date.now() - started, detail: [message] });
		console.log(
			`  FAIL  ${name} (${took()})\n          ${message.split('\n').join('\n          ')}`,
		);
		return false;
	}
};

export interface EditorContext {
	env: DevEnvironment;
	page: Page;
	baseUrl: string;
	/** The owner's REST session, beside the browser's own. */
	session: Session;
	/** The sandbox's API with its admin key, for the test's own set-up (not through n8n). */
	sandbox: SandboxApi;
	/** The queue schedule's rules of the operations' social set before the operations ran. */
	queueRules: unknown[];
	step: Step;
	console: ReturnType<typeof watchConsole>;
}

async function main(): Promise<number> {
	const t0 = Date.now();
	await step('Chromium from the system package', async () => [await ensureChromium()]);
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-editor-'));
	process.once('exit', () => rmSync(userFolder, { recursive: true, force: true }));
	const env = await startDevEnvironment({
		sandboxPort: await freePort(),
		n8nPort: await freePort(),
		install: process.env.N8N_DEV_VERSION ?? 'n8n-2.41.1-node24',
		userFolder,
		log: (line) => console.log(`  ${line}`),
	});
	console.log(
		`n8n ${env.n8n.install.n8n} and the sandbox ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
	);
	const browser = await launchBrowser();
	try {
		const session = await ownerSession(env.n8n.baseUrl);
		const only = process.env.EDITOR_ONLY;
		const cases = (await operationCases(env.sandbox)).filter(
			(c) => !only || c.op.name.includes(only),
		);
		const workflowId = await saveWorkflow(
			session,
			everyOperationWorkflow(cases, env.n8n.typePrefix),
		);
		// one page, the checks in turn: two pages at once (the panels beside the once-each checks) took twice
		// as long on two cores, each editor drawing while the other worked
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.on('dialog', (dialog) => void dialog.accept());
		const sandbox = sandboxApi(env.sandbox.baseUrl, env.sandbox.keys.admin);
		const schedule = await sandbox('GET', `/v2/social-sets/${SOCIAL_SET}/queue/schedule`);
		const queueRules = (schedule.body as { rules?: unknown[] } | undefined)?.rules;
		if (schedule.status !== 200 || !Array.isArray(queueRules))
			throw new Error(`GET queue/schedule of ${SOCIAL_SET} answered ${schedule.status}`);
		const ctx: EditorContext = {
			env,
			page,
			baseUrl: env.n8n.baseUrl,
			session,
			sandbox,
			queueRules,
			step,
			console: watchConsole(page),
		};
		await signIn(page, env.n8n.baseUrl);
		const once = !only || process.env.EDITOR_ONCE === '1';
		// the examples first: the operations' writes change the queue they schedule into (Update the Queue
		// Schedule of the catalog leaves social set 101 without rules)
		if (once) await checkOnceAlongside(ctx, session);
		await checkOperations(ctx, workflowId, cases);
		if (once) {
			await checkOnceAfter(ctx);
			await step('every picture of docs/screenshots/ was taken in this run', async () => {
				const missing = Object.keys(SCREENSHOTS).filter((f) => !TAKEN.has(f as ScreenshotName));
				if (missing.length)
					throw new Error(`not taken (their steps failed): ${missing.join(', ')}`);
				return [`${TAKEN.size} pictures`];
			});
		}
	} finally {
		await browser.close();
		await env.stop();
	}
	const failed = outcomes.filter((o) => !o.ok);
	console.log(
		`\neditor test with n8n ${env.n8n.install.n8n}: ${outcomes.length - failed.length} passed, ${failed.length} failed, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
	);
	for (const f of failed) console.log(`  FAILED: ${f.name}`);
	return failed.length === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	async (error: Error) => {
		console.error(error.stack ?? error.message);
		await stopAll();
		process.exit(1);
	},
);
