/**
 * Screenshots of the node in the real n8n editor (headless Chromium from the system's package, driven by
 * playwright-core; no browser is downloaded), saved to docs/screenshots/.
 *
 *   ts-node --transpile-only scripts/screenshots.ts
 *   CHROMIUM_PATH (default /usr/bin/chromium) and N8N_DEV_VERSION change the browser and the n8n release.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { freePort } from './lib/processes';
import { REPO_ROOT } from './lib/pack';
import { startDevEnvironment } from './dev';
import { OWNER } from './e2e/rest';

/** The part of playwright-core's API used here (it is loaded at run time, so its types are not needed to compile). */
interface Locator {
	click(opts?: { timeout?: number }): Promise<void>;
	dblclick(opts?: { timeout?: number }): Promise<void>;
	first(): Locator;
	waitFor(opts?: { state?: 'visible' | 'attached'; timeout?: number }): Promise<void>;
	screenshot(opts: { path: string }): Promise<Buffer>;
	fill(value: string): Promise<void>;
	count(): Promise<number>;
}
interface Page {
	goto(url: string): Promise<unknown>;
	locator(selector: string): Locator;
	getByText(text: string, opts?: { exact?: boolean }): Locator;
	keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
	waitForTimeout(ms: number): Promise<void>;
	screenshot(opts: { path: string; fullPage?: boolean }): Promise<Buffer>;
}
interface Browser {
	newPage(opts: { viewport: { width: number; height: number } }): Promise<Page>;
	close(): Promise<void>;
}
interface PlaywrightCore {
	chromium: { launch(opts: { executablePath: string; args: string[] }): Promise<Browser> };
}

const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const OUT = join(REPO_ROOT, 'docs', 'screenshots');

function loadPlaywright(): PlaywrightCore {
	try {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return require('playwright-core') as PlaywrightCore;
	} catch {
		throw new Error(
			'playwright-core is not installed: add it as a dev dependency (it drives the system Chromium; no browser download)',
		);
	}
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.locator('input[type=email], input[name=emailOrLdapLoginId]').first().fill(OWNER.email);
	await page.locator('input[type=password]').first().fill(OWNER.password);
	await page.keyboard.press('Enter');
	await page
		.locator('[data-test-id="main-sidebar-settings"], [data-test-id="project-home-menu-item"]')
		.first()
		.waitFor({ timeout: 30_000 });
}

async function openWorkflow(page: Page, baseUrl: string, id: string): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${id}`);
	await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1500);
	await dismissPopups(page);
}

/** Surveys and notices n8n may show on first use. */
async function dismissPopups(page: Page): Promise<void> {
	for (let i = 0; i < 2; i++) await page.keyboard.press('Escape');
}

function node(page: Page, name: string): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).first();
}

async function openNode(page: Page, name: string): Promise<Locator> {
	await node(page, name).dblclick();
	const ndv = page.locator('[data-test-id="ndv"]').first();
	await ndv.waitFor({ timeout: 15_000 });
	await page.waitForTimeout(1500);
	return ndv;
}

async function closeNode(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await page.waitForTimeout(500);
}

/** Clicks what may not exist in every n8n release (tabs and toggles move between versions). */
async function clickIfThere(target: Locator): Promise<void> {
	if ((await target.count()) > 0)
		await target
			.first()
			.click({ timeout: 5000 })
			.catch(() => undefined);
}

async function shot(page: Page, file: string, what: string): Promise<void> {
	await page.screenshot({ path: join(OUT, file) });
	console.log(`  ${file}: ${what}`);
}

async function main(): Promise<void> {
	const playwright = loadPlaywright();
	mkdirSync(OUT, { recursive: true });
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-screenshots-'));
	process.once('exit', () => rmSync(userFolder, { recursive: true, force: true })); // also when the start fails
	const env = await startDevEnvironment({
		sandboxPort: await freePort(),
		n8nPort: await freePort(),
		install: process.env.N8N_DEV_VERSION ?? 'n8n-2.41.1-node24',
		userFolder,
	});
	const browser = await playwright.chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: CHROMIUM_FLAGS,
	});
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		const base = env.n8n.baseUrl;
		await signIn(page, base);
		console.log(`screenshots of n8n ${env.n8n.install.n8n} into docs/screenshots/:`);

		await openWorkflow(page, base, 'SpExThreadSched1');
		await openNode(page, 'Schedule Thread in Next Free Slot');
		await shot(
			page,
			'draft-create-panel.png',
			'Draft > Create: a thread from text, tags and Publish At next-free-slot',
		);
		await closeNode(page);

		await openWorkflow(page, base, 'SpExImagePublish');
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await page
			.locator(
				'[data-test-id="canvas-node"][data-node-name="Publish Now and Wait"] [data-test-id="canvas-node-status-success"]',
			)
			.waitFor({ timeout: 60_000 });
		await page.waitForTimeout(1000);
		await shot(page, 'example-run-image-publish.png', 'the image example after a successful run');
		await openNode(page, 'Publish Now and Wait');
		await clickIfThere(
			page.locator('[data-test-id="output-panel"] [data-test-id="radio-button-json"]'),
		);
		await page.waitForTimeout(800);
		await shot(
			page,
			'publish-now-output.png',
			'Draft > Publish Now: the final draft with published_urls',
		);
		await closeNode(page);
		await openNode(page, 'Upload Image');
		await shot(page, 'media-upload-panel.png', 'Media > Upload: binary input with alt text');
		await closeNode(page);

		await openWorkflow(page, base, 'SpExPublishedUrl');
		await openNode(page, 'Social Publishing Trigger');
		await clickIfThere(page.getByText('Webhook URLs', { exact: true }));
		await clickIfThere(page.getByText('Production URL', { exact: true }));
		await page.waitForTimeout(800);
		await shot(page, 'trigger-panel.png', 'the trigger: webhook URLs, set-up notice, events');
		await closeNode(page);

		await openWorkflow(page, base, 'SpExAnalyticsTop');
		await shot(page, 'example-analytics.png', 'the analytics example');
	} finally {
		await browser.close();
		await env.stop();
		rmSync(userFolder, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
