/**
 * What a builder meets once rather than per operation: the Social Set and Tags pickers, the node creator's
 * search, the node as an AI Agent's tool, the examples run in the editor (the heat map in the binary view,
 * Validate Only's output as a table, Require Resolved Comments refusing a draft), both triggers' panels and
 * the credential modal's test. The screenshots in docs/screenshots/ are taken on the way (screenshots.ts).
 */
import type { Locator, Page } from 'playwright-core';
import { SOCIAL_SET } from '../../test/properties/targets';
import { CREDENTIAL_ID } from '../examples/catalog';
import type { Session } from '../e2e/rest';
import type { EditorContext } from './run';
import {
	NDV,
	canvasNode,
	closeNode,
	fitView,
	openNode,
	openWorkflow,
	viewBinary,
	type InPage,
} from './editor';
import { shot } from './screenshots';
import { OPERATIONS } from '../../test/properties/catalog';
import { CREDENTIALS, START, operationOption, resourceName, saveWorkflow } from './workflows';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Tooltips as n8n's editor shows them (reka-ui's in 2.x, element-plus's before). */
const TOOLTIP = '[data-side]:visible, [role="tooltip"]:visible, .el-popper:visible';

/** Waits until `check` holds, asking again on each animation frame's worth of time; fails after `ms`. */
async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<void> {
	const until = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > until) throw new Error(`still not so after ${ms} ms`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

function ensure(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

/** The words a builder types in the node creator, and the operation each must lead to. */
export const SEARCHES: Array<{ words: string; resource: string; operation: string }> = [
	{ words: 'create draft', resource: 'draft', operation: 'create' },
	{ words: 'schedule', resource: 'draft', operation: 'schedule' },
	{ words: 'best time', resource: 'analytics', operation: 'getBestTimes' },
	{ words: 'duplicate', resource: 'draft', operation: 'duplicate' },
	{ words: 'upload media', resource: 'media', operation: 'upload' },
	{ words: 'comment', resource: 'comment', operation: 'add' },
];

/** The once-each checks that change nothing the operations' panels read. */
export async function checkOnceAlongside(ctx: EditorContext, session: Session): Promise<void> {
	await checkPickers(ctx, session);
	await checkNodeCreator(ctx, session);
	await checkTool(ctx, session);
	await checkExamples(ctx);
	await checkTriggers(ctx);
}

/** The once-each checks that run after the operations' panels: they fill the queue or change the credential. */
export async function checkOnceAfter(ctx: EditorContext): Promise<void> {
	await checkExamplesThatFillTheQueue(ctx);
	await checkCredentialModal(ctx);
}

function socialPublishingNode(
	ctx: EditorContext,
	name: string,
	parameters: Record<string, unknown>,
	position: [number, number],
) {
	return {
		id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
		name,
		type: `${ctx.env.n8n.typePrefix}.socialPublishing`,
		typeVersion: 1,
		position,
		parameters,
		credentials: CREDENTIALS,
	};
}

const startNode = () => ({
	id: 'start',
	name: START,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
});

/** The items a resource locator's list shows once it has loaded (or the text it shows instead). */
async function locatorListTexts(page: Page): Promise<{ items: string[]; other: string }> {
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	const other = page.locator('[data-test-id="rlc-error-container"]:visible');
	await items.first().or(other.first()).waitFor({ timeout: 30_000 });
	return {
		items: (await items.allInnerTexts()).map(fold),
		other: (await other.allInnerTexts()).map(fold).join(' '),
	};
}

/** The options an options list (a select) shows once it has loaded (or the text it shows instead). */
async function selectListTexts(page: Page): Promise<{ items: string[]; other: string }> {
	const popper = page.locator('.el-select__popper:visible').last();
	await popper.waitFor({ timeout: 30_000 });
	const items = popper.locator('.el-select-dropdown__item');
	const empty = popper.locator('.el-select-dropdown__empty');
	await items.first().or(empty.first()).waitFor({ timeout: 30_000 });
	return { items: (await items.allInnerTexts()).map(fold), other: fold(await popper.innerText()) };
}

export async function checkPickers(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step } = ctx;
	const listed = { __rl: true, mode: 'list', value: '' };
	const workflow = {
		name: 'Editor test: pickers',
		nodes: [
			startNode(),
			socialPublishingNode(
				ctx,
				'Pick a Social Set',
				{ resource: 'draft', operation: 'getMany', socialSetId: listed },
				[240, 0],
			),
			socialPublishingNode(
				ctx,
				'Pick Tags',
				{
					resource: 'draft',
					operation: 'create',
					socialSetId: { __rl: true, mode: 'id', value: String(SOCIAL_SET) },
					platforms: ['x'],
					text: 'A post',
					additionalFields: { tags: [] },
				},
				[480, 0],
			),
			socialPublishingNode(
				ctx,
				'Tags Without a Social Set',
				{
					resource: 'draft',
					operation: 'create',
					socialSetId: { __rl: true, mode: 'id', value: '' },
					platforms: ['x'],
					text: 'A post',
					additionalFields: { tags: [] },
				},
				[720, 0],
			),
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
	const id = await saveWorkflow(session, workflow);
	const sets = (await ctx.sandbox('GET', '/v2/social-sets')).body as {
		results?: Array<{ name?: string; username?: string }>;
	};
	const setNames = (sets.results ?? []).map((s) => s.name ?? s.username ?? '');
	await step('the Social Set list loads the social sets of the sandbox', async () => {
		await openWorkflow(ctx, id);
		const ndv = await openNode(page, 'Pick a Social Set');
		await ndv
			.locator('[data-test-id="parameter-input-socialSetId"] [data-test-id="rlc-input"]')
			.first()
			.click();
		const { items, other } = await locatorListTexts(page);
		ensure(items.length > 0, `the list shows no social set: "${other}"`);
		for (const name of setNames)
			ensure(
				items.some((i) => i.includes(name)),
				`"${name}" is not in the list ${JSON.stringify(items)}`,
			);
		await page.keyboard.press('Escape');
		await closeNode(page);
		return [`listed: ${items.join(', ')}`];
	});
	const tags = (await ctx.sandbox('GET', `/v2/social-sets/${SOCIAL_SET}/tags`)).body as {
		results?: Array<{ name: string }>;
	};
	const tagNames = (tags.results ?? []).map((t) => t.name);
	await step('the Tags list loads the tags of the chosen social set', async () => {
		ensure(tagNames.length > 0, `the sandbox's social set ${SOCIAL_SET} has no tags to list`);
		const ndv = await openNode(page, 'Pick Tags');
		const field = ndv.locator('[data-test-id="parameter-input-tags"]').first();
		// the select is disabled while its options load
		await waitUntil(async () => await field.locator('input').first().isEnabled(), 30_000);
		await field.click();
		const { items, other } = await selectListTexts(page);
		for (const name of tagNames)
			ensure(
				items.some((i) => i.startsWith(name)),
				`the tag "${name}" is not listed: ${JSON.stringify(items)} "${other}"`,
			);
		await page.keyboard.press('Escape');
		await closeNode(page);
		return [`listed: ${items.join(', ')}`];
	});
	await step('the Tags list without a social set says why it is empty', async () => {
		const ndv = await openNode(page, 'Tags Without a Social Set');
		const field = ndv.locator('[data-test-id="parameter-input-tags"]').first();
		const shown = field.locator('[data-test-id="parameter-input-field"]').first();
		await waitUntil(async () => /error/i.test(await shown.inputValue().catch(() => '')), 30_000);
		const value = await shown.inputValue();
		await field.locator('[data-test-id="parameter-issues"]').first().hover();
		const why = page.locator(TOOLTIP).filter({ hasText: 'Choose a Social Set first' }).first();
		await why.waitFor({ timeout: 10_000 });
		const text = fold(await why.innerText());
		await page.mouse.move(0, 0);
		await closeNode(page);
		return [`shows "${value}", and on its warning: "${text}"`];
	});
}

export async function checkNodeCreator(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step } = ctx;
	const id = await saveWorkflow(session, {
		name: 'Editor test: node creator',
		nodes: [startNode()],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	for (const search of SEARCHES) {
		// the action's text and the panel's names, as the node's description gives them
		const op = OPERATIONS.find((o) => o.name === `${search.resource}.${search.operation}`);
		if (!op) throw new Error(`no operation ${search.resource}.${search.operation} in the node`);
		const { name: operationName, action: actionText } = operationOption(op);
		const resourceText = resourceName(search.resource);
		await step(`the node creator finds "${actionText}" by "${search.words}"`, async () => {
			// the workflow holds only its trigger: the node the last search added is deleted (once more from a
			// fresh load when that did not work)
			const nodes = page.locator('[data-test-id="canvas-node"]');
			if (!page.url().includes(`/workflow/${id}`) || (await nodes.count()) !== 1)
				await openWorkflow(ctx, id);
			await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
			const creator = page.locator('[data-test-id="node-creator"]').first();
			await creator.waitFor();
			await creator.locator('[data-test-id="node-creator-search-bar"]').fill(search.words);
			const items = creator.locator('[data-test-id="item-iterator-item"]');
			const action = items.filter({ hasText: actionText }).first();
			const node = items
				.filter({ has: page.getByText('Social Publishing', { exact: true }) })
				.first();
			const none = creator.locator('[data-test-id="node-creator-no-results"]').first();
			await action.or(node).or(none).first().waitFor({ timeout: 15_000 });
			const shown = (await items.allInnerTexts()).map((t) => fold(t).slice(0, 40));
			ensure(
				!(await none.isVisible()) && ((await action.isVisible()) || (await node.isVisible())),
				`nothing of this node is found: ${JSON.stringify(shown.slice(0, 8))}`,
			);
			const lines: string[] = [];
			if (!(await action.isVisible())) {
				const rank = shown.findIndex((t) => /^Social Publishing\b/.test(t));
				await node.click();
				await action.waitFor({ timeout: 15_000 });
				lines.push(
					`found the node (result ${rank + 1} of ${shown.length}), then the action in its list`,
				);
			} else lines.push('found the action in the search results');
			await action.click();
			const ndv = page.locator(NDV).first();
			await ndv.locator('[data-test-id="node-parameters"]').waitFor();
			const resource = fold(
				await ndv.locator('[data-test-id="parameter-input-resource"] input').first().inputValue(),
			);
			const operation = fold(
				await ndv.locator('[data-test-id="parameter-input-operation"] input').first().inputValue(),
			);
			await closeNode(page);
			// the added node is the selected one
			await page.keyboard.press('Delete');
			await waitUntil(async () => (await nodes.count()) === 1, 5_000).catch(() => undefined);
			ensure(
				resource === resourceText && operation === operationName,
				`opened Resource "${resource}", Operation "${operation}", not "${resourceText}", "${operationName}"`,
			);
			lines.push(`opened with Resource "${resource}", Operation "${operation}"`);
			return lines;
		});
	}
}

export async function checkTool(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step, env } = ctx;
	const toolName = 'Social Publishing Tool';
	const id = await saveWorkflow(session, {
		name: 'Editor test: the node as a tool',
		nodes: [
			{
				id: 'chat',
				name: 'When Chat Message Received',
				type: '@n8n/n8n-nodes-langchain.chatTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { options: {} },
				webhookId: '6a4b5c3d-editor-test-chat',
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 2,
				position: [240, 0],
				parameters: { options: {} },
			},
			{
				id: 'tool',
				name: toolName,
				type: `${env.n8n.typePrefix}.socialPublishingTool`,
				typeVersion: 1,
				position: [400, 240],
				parameters: {
					resource: 'draft',
					operation: 'schedule',
					socialSetId: { __rl: true, mode: 'id', value: String(SOCIAL_SET) },
				},
				credentials: CREDENTIALS,
			},
		],
		connections: {
			'When Chat Message Received': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			[toolName]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	});
	await step(
		'as an AI Agent tool: the Confirm field shows, and the model may fill the fields',
		async () => {
			await openWorkflow(ctx, id);
			const ndv = await openNode(page, toolName);
			const confirm = ndv.locator('[data-test-id="parameter-input-confirm"]').first();
			await confirm.waitFor({ timeout: 10_000 });
			const fromAi = ndv.locator('[data-test-id="from-ai-override-button"]');
			await fromAi.first().waitFor({ timeout: 10_000 });
			const count = await fromAi.count();
			// The model fills Draft ID: its button puts $fromAI in the field.
			const draftItem = ndv
				.locator('[data-test-id="parameter-item"]')
				.filter({ has: page.locator('[data-test-id="parameter-input-draftId"]') })
				.first();
			await draftItem.hover();
			await draftItem.locator('[data-test-id="from-ai-override-button"]').first().click();
			await ndv
				.locator('[data-test-id="fromAI-override-field"]')
				.first()
				.waitFor({ timeout: 10_000 });
			await shot(page, 'ai-agent-tool-panel.png');
			await closeNode(page);
			return [
				`"Let the model define this parameter" offered on ${count} field(s); Draft ID set to the model's value`,
			];
		},
	);
}

/**
 * Runs the open workflow with "Execute workflow" and waits until `last` has run, or until n8n says the run
 * stopped on a problem before it (then fails with n8n's words).
 */
async function runWorkflow(page: Page, last: string): Promise<void> {
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	// the pointer off the button again, where the picture shows it
	await page.mouse.move(720, 150);
	const ran = canvasNode(page, last)
		.locator(
			'[data-test-id="canvas-node-status-success"], [data-test-id="canvas-node-status-error"]',
		)
		.first();
	const stopped = page
		.locator('.el-notification:visible')
		.filter({ hasText: /Problem in node|execution had an error|could not be started/i })
		.first();
	await ran.or(stopped).first().waitFor({ timeout: 90_000 });
	if (!(await ran.isVisible()))
		throw new Error(`the run stopped before "${last}": ${fold(await stopped.innerText())}`);
	// the editor is done with the run when its button offers to execute again (it spins until n8n says the
	// execution finished)
	await page
		.locator('[data-test-id="execute-workflow-button"]')
		.filter({ hasText: /Execute workflow/ })
		.first()
		.waitFor({ timeout: 30_000 });
	// and the focus off it (a focused button is drawn without its label)
	await page.evaluate(() => (globalThis as unknown as InPage).document.activeElement?.blur?.());
}

/** The output panel of the open node shows items, not an error; returns its item count as shown. */
async function outputItems(ndv: Locator): Promise<string> {
	const output = ndv.locator('[data-test-id="output-panel"]');
	const error = output.locator('[data-test-id="node-error-message"]').first();
	const count = output.locator('[data-test-id="ndv-items-count"]').first();
	await error.or(count).first().waitFor({ timeout: 15_000 });
	if (await error.isVisible())
		throw new Error(`the node failed: ${fold(await output.innerText()).slice(0, 300)}`);
	return fold(await count.innerText());
}

async function outputMode(
	ndv: Locator,
	mode: 'Table' | 'JSON' | 'Binary' | 'Schema',
): Promise<void> {
	await ndv.locator('[data-test-id="output-panel"]').getByRole('radio', { name: mode }).click();
}

/** The examples run in the editor that leave the queue of the operations' social set as it was. */
export async function checkExamples(ctx: EditorContext): Promise<void> {
	const { page, step } = ctx;
	await step('Draft > Create panel (a thread in the next free slot)', async () => {
		await openWorkflow(ctx, 'SpExThreadSched1');
		await openNode(page, 'Schedule Thread in Next Free Slot');
		await shot(page, 'draft-create-panel.png');
		await closeNode(page);
	});
	await step('the Best Times heat map opens in the binary view as an image', async () => {
		await openWorkflow(ctx, 'SpExBestTimes001');
		await runWorkflow(page, 'Queue Schedule Now');
		const ndv = await openNode(page, 'Best Times of the Last 90 Days');
		// the picture shown as a builder opens it; the screenshot taken while it shows
		const seen = await viewBinary(
			page,
			ndv,
			async () => await shot(page, 'best-times-heat-map.png'),
		);
		await closeNode(page).catch(() => undefined);
		if (seen.problems.length) throw new Error(seen.problems.join('\n'));
		return seen.lines;
	});
	await step(
		'Require Resolved Comments refuses to schedule a draft with an open thread',
		async () => {
			await openWorkflow(ctx, 'SpExReviewSched1');
			await runWorkflow(page, 'Schedule Once Resolved');
			const ndv = await openNode(page, 'Schedule While a Thread Is Open');
			const output = fold(await ndv.locator('[data-test-id="output-panel"]').innerText());
			ensure(
				/thread|comment/i.test(output),
				`the output does not show the refusal: "${output.slice(0, 300)}"`,
			);
			await shot(page, 'require-resolved-comments.png');
			await closeNode(page);
			return [output.slice(0, 200)];
		},
	);
	await step('the analytics example', async () => {
		await openWorkflow(ctx, 'SpExAnalyticsTop');
		await fitView(page);
		await shot(page, 'example-analytics.png');
	});
}

/**
 * The examples run in the editor that publish or fill the queue of social set 101, which the operations'
 * panels read: run once those are done.
 */
export async function checkExamplesThatFillTheQueue(ctx: EditorContext): Promise<void> {
	const { page, step } = ctx;
	await step(
		`the queue schedule of social set ${SOCIAL_SET} put back for the examples`,
		async () => {
			// the operations' Update the Queue Schedule replaced it (the catalog's rules); the examples take slots
			const res = await ctx.sandbox('PUT', `/v2/social-sets/${SOCIAL_SET}/queue/schedule`, {
				rules: ctx.queueRules,
			});
			ensure(res.status === 200, `PUT queue/schedule answered ${res.status}`);
			return [`${ctx.queueRules.length} rules`];
		},
	);
	await step(
		'the image example runs in the editor (screenshots of its panels and output)',
		async () => {
			await openWorkflow(ctx, 'SpExImagePublish');
			await runWorkflow(page, 'Publish Now and Wait');
			await shot(page, 'example-run-image-publish.png');
			let ndv = await openNode(page, 'Publish Now and Wait');
			await outputItems(ndv);
			await outputMode(ndv, 'JSON');
			await shot(page, 'publish-now-output.png');
			await closeNode(page);
			ndv = await openNode(page, 'Upload Image');
			await shot(page, 'media-upload-panel.png');
			await closeNode(page);
			return [];
		},
	);
	await step(
		"Validate Only's output reads as a table; the bulk import with Max Parallel Requests",
		async () => {
			await openWorkflow(ctx, 'SpExBulkImportCs');
			await runWorkflow(page, 'All Rows Valid?');
			const ndv = await openNode(page, 'Validate Every Row');
			await outputMode(ndv, 'Table');
			const table = ndv
				.locator('[data-test-id="output-panel"] [data-test-id="ndv-data-container"] table')
				.first();
			await table.waitFor();
			const headers = (await table.locator('thead th').allInnerTexts()).map(fold).filter(Boolean);
			const rows = await table.locator('tbody tr').count();
			ensure(
				rows > 0 && headers.length > 1,
				`the table has ${rows} rows and headers ${JSON.stringify(headers)}`,
			);
			ensure(
				headers.some((h) => /valid/i.test(h)),
				`no "valid" column: ${JSON.stringify(headers)}`,
			);
			await closeNode(page);
			const create = await openNode(page, 'Create Drafts in Next Free Slots');
			const created = await outputItems(create);
			// a builder adds Max Parallel Requests under Request Options (the example leaves the default)
			const requestOptions = create
				.locator('[data-test-id="parameter-item"]')
				.filter({ has: page.locator('label[for="requestOptions"]') })
				.first();
			await requestOptions.getByRole('button', { name: 'Add Option' }).first().click();
			const bound = create.locator('[data-test-id="parameter-input-maxParallelRequests"]').first();
			await bound.waitFor({ timeout: 10_000 });
			await bound.scrollIntoViewIfNeeded();
			await shot(page, 'bulk-import-max-parallel.png');
			await closeNode(page);
			return [`${rows} rows, columns ${headers.join(', ')}`, `Create: ${created}`];
		},
	);
}

export async function checkTriggers(ctx: EditorContext): Promise<void> {
	const { page, step } = ctx;
	await step('the webhook trigger panel shows the webhook URL to register', async () => {
		await openWorkflow(ctx, 'SpExPublishedUrl');
		const ndv = await openNode(page, 'Social Publishing Trigger');
		const urls = ndv.getByText('Webhook URLs', { exact: true }).first();
		await urls.click();
		const production = ndv.getByText('Production URL', { exact: true }).first();
		if (await production.isVisible()) await production.click();
		const url = ndv.getByText(/\/webhook\/[^/]+\/webhook/).first();
		await url.waitFor({ timeout: 10_000 });
		const text = fold(await url.innerText());
		await shot(page, 'trigger-panel.png');
		await closeNode(page);
		return [text];
	});
	await step("the poll trigger's panel shows its events and set-up text", async () => {
		await openWorkflow(ctx, 'SpExPollOutcomes');
		const ndv = await openNode(
			page,
			(await page.locator('[data-test-id="canvas-node"]').first().getAttribute('data-node-name')) ??
				'',
		);
		const text = fold(await ndv.locator('[data-test-id="node-parameters"]').innerText());
		await closeNode(page);
		ensure(/event/i.test(text), `no events in the panel: "${text.slice(0, 300)}"`);
		return [text.slice(0, 200)];
	});
}

export async function checkCredentialModal(ctx: EditorContext): Promise<void> {
	const { page, step, baseUrl, env } = ctx;
	const modal = page.locator('[data-test-id="editCredential-modal"]').first();
	const open = async () => {
		await page.goto(`${baseUrl}/home/credentials/${CREDENTIAL_ID}`);
		await modal.waitFor({ timeout: 30_000 });
	};
	const fill = async (key: string, value: string) => {
		const input = modal.locator(`[data-test-id="parameter-input-${key}"] input`).first();
		await input.fill(value);
	};
	// the outcome of the test n8n runs on save, read from its answer; then the modal must show the same
	// (the test of this key: opening the modal runs one of its own, which may answer late)
	const saveAndRead = async (key: string, baseUrlValue: string): Promise<string> => {
		const tested = page.waitForResponse(
			(r) =>
				r.url().includes('/rest/credentials/test') &&
				r.request().method() === 'POST' &&
				(r.request().postData() ?? '').includes(key) &&
				(r.request().postData() ?? '').includes(JSON.stringify(baseUrlValue)),
			{ timeout: 30_000 },
		);
		await modal.locator('[data-test-id="credential-save-button"]').first().click();
		const body = (await (await tested).json()) as {
			data?: { status?: string; message?: string };
		};
		const ok = modal.locator('[data-test-id="credentials-config-container-test-success"]').first();
		if (body.data?.status === 'OK') {
			await ok.waitFor({ timeout: 15_000 });
			return 'OK';
		}
		const message = body.data?.message ?? JSON.stringify(body).slice(0, 300);
		// the banner says it could not connect; the service's words are behind its "More details"
		await modal
			.getByText(/Couldn.t connect with these settings/)
			.first()
			.waitFor({ timeout: 15_000 });
		const more = modal.getByText('More details', { exact: true }).first();
		if (await more.isVisible()) await more.click();
		await modal.getByText(message.slice(0, 60)).first().waitFor({ timeout: 15_000 });
		await ok.waitFor({ state: 'hidden', timeout: 15_000 });
		return message;
	};
	const { admin } = env.sandbox.keys;
	const base = env.sandbox.baseUrl;
	const enter = async (key: string, url: string): Promise<string> => {
		await fill('apiKey', key);
		await fill('baseUrl', url);
		return await saveAndRead(key, url);
	};
	await step('the credential modal: a sandbox key passes the test', async () => {
		await open();
		const result = await enter(admin, base);
		ensure(result === 'OK', `the test did not pass: "${result}"`);
		return ['Connection tested successfully'];
	});
	await step(
		'the credential modal: a wrong key and a Base URL that answers 404 show the documented messages',
		async () => {
			try {
				const wrong = await enter('sp_editor_wrong_key_0123456789', base);
				ensure(wrong.includes('UNAUTHORIZED: Invalid API key'), `wrong key: "${wrong}"`);
				const missing = await enter(admin, `${base}/api`);
				ensure(
					missing.includes('NOT_FOUND: no Social Publishing API v2 at this Base URL'),
					`404 Base URL: "${missing}"`,
				);
				return [`wrong key: ${wrong.slice(0, 160)}`, `404: ${missing.slice(0, 160)}`];
			} finally {
				// the examples and the checks after this one use the credential as it was
				ensure((await enter(admin, base)) === 'OK', 'the credential could not be put back');
			}
		},
	);
}
