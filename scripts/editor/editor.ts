/**
 * The n8n editor as a builder uses it, through its own data-test-id hooks (the ones n8n's Playwright
 * tests use): sign in, open a workflow, open a node's panel (NDV), run it with "Execute step", close it.
 * Every wait waits for something the editor shows or answers, never for a fixed time.
 */
import type { Locator, Page } from 'playwright-core';
import { OWNER, type Session } from '../e2e/rest';

export const NDV = '[data-test-id="ndv"]';

const STICKY = /\.stickyNote$/;

/** The little of the browser the in-page reads below use (the scripts compile without the DOM library). */
export interface InPage {
	document: {
		activeElement: { blur?(): void } | null;
		querySelector(selector: string): unknown;
		querySelectorAll(selector: string): ArrayLike<{
			textContent: string | null;
			offsetParent: unknown;
			getAttribute(name: string): string | null;
		}>;
	};
	location: { pathname: string };
}

export async function signIn(page: Page, baseUrl: string): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.locator('input[type=email], input[name=emailOrLdapLoginId]').first().fill(OWNER.email);
	await page.locator('input[type=password]').first().fill(OWNER.password);
	await page.keyboard.press('Enter');
	await page
		.locator('[data-test-id="main-sidebar-settings"], [data-test-id="project-home-menu-item"]')
		.first()
		.waitFor({ timeout: 60_000 });
}

export function canvasNode(page: Page, name: string): Locator {
	return page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).first();
}

/**
 * Opens a saved workflow as a builder does from the editor's own lists: through the editor's router when
 * the editor is already loaded (no reload of the whole app), by its address otherwise. Waits until the
 * canvas shows exactly the saved workflow's nodes; n8n's "Save changes before leaving?" is answered with
 * "Leave without saving" (the checks change workflows only to look at them). Fits the nodes into view.
 */
export async function openWorkflow(
	editor: { page: Page; baseUrl: string; session: Session },
	id: string,
): Promise<void> {
	const { page, baseUrl, session } = editor;
	await closeNode(page);
	const saved = await session.request<{ data?: { nodes?: Array<{ name: string; type: string }> } }>(
		'GET',
		`/rest/workflows/${id}`,
	);
	// the canvas draws sticky notes apart from the nodes
	const names =
		saved.status === 200
			? (saved.body?.data?.nodes ?? []).filter((n) => !STICKY.test(n.type)).map((n) => n.name)
			: null;
	const routed =
		names !== null &&
		(await page.evaluate((path) => {
			type Router = { push(to: string): Promise<unknown> };
			const { document } = globalThis as unknown as InPage;
			const app = (
				document.querySelector('#app') as {
					__vue_app__?: { config: { globalProperties: { $router?: Router } } };
				} | null
			)?.__vue_app__;
			const router = app?.config.globalProperties.$router;
			if (!router) return false;
			void router.push(path).catch(() => undefined);
			return true;
		}, `/workflow/${id}`));
	if (!routed || names === null) {
		await page.goto(`${baseUrl}/workflow/${id}`);
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
		await fitView(page);
		return;
	}
	// the canvas shows the saved nodes, or n8n asks whether to leave the workflow before unsaved changes
	for (let asked = 0; ; asked++) {
		const state = await page
			.waitForFunction(
				({ path, wanted }) => {
					const { document, location } = globalThis as unknown as InPage;
					const leave = Array.from(document.querySelectorAll('button')).find(
						(b) => b.textContent?.trim() === 'Leave without saving' && b.offsetParent !== null,
					);
					if (leave) return 'asked';
					const shown = Array.from(document.querySelectorAll('[data-test-id="canvas-node"]'))
						.map((n) => n.getAttribute('data-node-name') ?? '')
						.sort()
						.join('\u0000');
					return location.pathname.endsWith(path) && shown === wanted ? 'open' : false;
				},
				{ path: `/workflow/${id}`, wanted: [...names].sort().join('\u0000') },
				{ timeout: 60_000 },
			)
			.then(async (handle) => (await handle.jsonValue()) as string)
			.catch(async (error: Error) => {
				const shown = await page
					.locator('[data-test-id="canvas-node"]')
					.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-name')));
				throw new Error(
					`workflow ${id} did not open at ${page.url()}: the canvas shows ${JSON.stringify(shown)}, not ${JSON.stringify(names)} (${error.message.split('\n')[0]})`,
				);
			});
		if (state === 'open') break;
		if (asked > 0)
			throw new Error(`n8n asked twice whether to leave before opening workflow ${id}`);
		await page.getByRole('button', { name: 'Leave without saving' }).first().click();
	}
	await fitView(page);
}

export async function fitView(page: Page): Promise<void> {
	const fit = page.locator('[data-test-id="zoom-to-fit"]').first();
	if (await fit.isVisible()) await fit.click();
}

/**
 * Opens a node's panel from the canvas with a double click and waits for its parameters; checks the
 * panel is the node's.
 */
export async function openNode(page: Page, name: string): Promise<Locator> {
	const ndv = page.locator(NDV).first();
	let shown: string | null = null;
	// a double click on a crowded canvas may land on a neighbour: then the panel is closed and tried once more
	for (let attempt = 0; attempt < 2 && shown !== name; attempt++) {
		await closeNode(page);
		await canvasNode(page, name).dblclick();
		await ndv.locator('[data-test-id="node-parameters"]').first().waitFor({ timeout: 30_000 });
		const title = ndv.locator('[data-test-id="node-title-container"] [title]').first();
		await title.waitFor();
		shown = await title.getAttribute('title');
	}
	if (shown !== name) throw new Error(`the panel of "${shown}" opened, not the one of "${name}"`);
	return ndv;
}

/** Closes the open panel, if one is open, and waits until it is gone. */
export async function closeNode(page: Page): Promise<void> {
	const ndv = page.locator(NDV).first();
	if (!(await ndv.isVisible())) return;
	const close = page.locator('[data-test-id="ndv-close-button"]').first();
	if (await close.isVisible()) await close.click();
	else await page.keyboard.press('Escape');
	await ndv.waitFor({ state: 'hidden', timeout: 15_000 });
}

export interface StepRun {
	/** Items the output panel counts, when the node put out items. */
	items?: string;
	/** The error the panel shows, when the node failed. */
	error?: string;
}

/** Clicks "Execute step" in the open panel and waits for the output panel to show items or an error. */
export async function executeStep(page: Page, timeoutMs = 60_000): Promise<StepRun> {
	const ndv = page.locator(NDV).first();
	const output = ndv.locator('[data-test-id="output-panel"]');
	await ndv.locator('[data-test-id="node-execute-button"]').first().click();
	const error = output.locator('[data-test-id="node-error-message"]').first();
	const data = output.locator('[data-test-id="ndv-items-count"]').first();
	const nothing = output.getByText('No output data returned').first();
	await error.or(data).or(nothing).first().waitFor({ timeout: timeoutMs });
	if (await nothing.isVisible()) return { items: 'no output data' };
	if (await error.isVisible()) {
		const description = output.locator('[data-test-id="node-error-description"]').first();
		const more = (await description.isVisible()) ? ` ${await description.innerText()}` : '';
		return { error: `${(await error.innerText()).trim()}${more}` };
	}
	const count = output.locator('[data-test-id="ndv-items-count"]').first();
	return { items: (await count.isVisible()) ? (await count.innerText()).trim() : 'data' };
}

/**
 * Shows the open panel's output as binary data and opens each file with View, as a builder looks at a
 * picture; what cannot be viewed (n8n offers View only for the types it can show: PNG yes, SVG no) or
 * does not load is a problem. Leaves the binary view closed again.
 */
export async function viewBinary(
	page: Page,
	ndv: Locator,
	whileShown?: () => Promise<void>,
): Promise<{ lines: string[]; problems: string[] }> {
	const output = ndv.locator('[data-test-id="output-panel"]');
	await output.getByRole('radio', { name: 'Binary' }).click();
	const files = output.locator('[data-test-id^="ndv-binary-data_"]');
	await files.first().waitFor({ timeout: 15_000 });
	const lines: string[] = [];
	const problems: string[] = [];
	const count = await files.count();
	for (let i = 0; i < count; i++) {
		const file = files.nth(i);
		const text = (await file.innerText()).replace(/\s+/g, ' ').trim();
		const view = file.locator('[data-test-id="ndv-view-binary-data"]').first();
		if (!(await view.isVisible())) {
			problems.push(`the binary view offers no View, only a download: "${text.slice(0, 160)}"`);
			continue;
		}
		await view.click();
		const image = page
			.locator('img[src*="binary-data"]:visible, img[src^="data:image/"]:visible')
			.first();
		await image.waitFor({ timeout: 15_000 });
		const size = await image.evaluate((img) => ({
			w: (img as unknown as { naturalWidth: number }).naturalWidth,
			h: (img as unknown as { naturalHeight: number }).naturalHeight,
		}));
		if (!(size.w > 0 && size.h > 0))
			problems.push(`the image did not load: "${text.slice(0, 160)}"`);
		else lines.push(`picture ${size.w}×${size.h}: ${text.slice(0, 100)}`);
		if (whileShown) await whileShown();
		// back to the list of files, as the view's own Back button does
		const back = page.locator('[data-test-id="binary-data-window-back"]').first();
		if (await back.isVisible()) {
			await back.click();
			await image.waitFor({ state: 'hidden', timeout: 15_000 });
		}
	}
	return { lines, problems };
}
