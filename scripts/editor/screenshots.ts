/**
 * The pictures in docs/screenshots/, each taken by the editor test (npm run test:editor) in the session that
 * checks what it shows, so none can go stale unnoticed: test/docs/screenshots.test.ts checks that every
 * picture the docs show is in this list and on disk, and that every picture here is shown somewhere.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../lib/pack';

export const SCREENSHOTS = {
	'example-run-image-publish.png':
		'the image example after a run: upload, draft with the image, Publish Now',
	'publish-now-output.png': 'Draft > Publish Now: the final draft with published_urls',
	'media-upload-panel.png': 'Media > Upload: binary input with alt text',
	'draft-create-panel.png': 'Draft > Create: a thread from text in the next free slot',
	'trigger-panel.png': 'the trigger: webhook URLs, set-up notice, events',
	'example-analytics.png': 'the analytics example',
	'best-times-heat-map.png': 'Analytics > Get Best Times: the heat map opened in the binary view',
	'bulk-import-max-parallel.png': 'the bulk import: Create with Max Parallel Requests',
	'require-resolved-comments.png':
		'Require Resolved Comments refusing to schedule a draft under review',
	'ai-agent-tool-panel.png': 'the node as an AI Agent tool: Draft ID left to the model, Confirm',
} as const;

export type ScreenshotName = keyof typeof SCREENSHOTS;

export const SCREENSHOT_DIR = join(REPO_ROOT, 'docs', 'screenshots');

/** The pictures taken in this run; the run fails when one of SCREENSHOTS was not taken (see run.ts). */
export const TAKEN = new Set<ScreenshotName>();

/**
 * n8n's passing notices ("Workflow executed successfully" and the like, from this check or an earlier one:
 * the editor is not reloaded between workflows) are left out of the pictures.
 */
const WITHOUT_NOTICES = '.el-notification { visibility: hidden !important; }';

export async function shot(page: Page, file: ScreenshotName): Promise<void> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	await page.screenshot({
		path: join(SCREENSHOT_DIR, file),
		style: WITHOUT_NOTICES,
		animations: 'disabled',
	});
	TAKEN.add(file);
}
