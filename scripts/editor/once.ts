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
import { NDV, canvasNode, closeNode, fitView, openNode, openWorkflow } from './editor';
import { shot } from './screenshots';
import { CREDENTIALS, START, saveWorkflow } from './workflows';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

function ensure(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

/** The words a builder types in the node creator, and the operation each must find first. */
export const SEARCHES: Array<{
	words: string;
	resource: string;
	operation: string;
	action: string;
}> = [
	{ words: 'create draft', resource: 'draft', operation: 'create', action: 'Create a draft' },
	{ words: 'schedule', resource: 'draft', operation: 'schedule', action: 'Schedule a draft' },
	{
		words: 'best time',
		resource: 'analytics',
		operation: 'getBestTimes',
		action: 'Get the best times to post',
	},
	{ words: 'duplicate', resource: 'draft', operation: 'duplicate', action: 'Duplicate a draft' },
	{ words: 'upload media', resource: 'media', operation: 'upload', action: 'Upload a media file' },
	{ words: 'comment', resource: 'comment', operation: 'add', action: 'Add a comment' },
];

export async function checkOnce(ctx: EditorContext, session: Session): Promise<void> {
	await checkPickers(ctx, session);
	await checkNodeCreator(ctx, session);
	await checkTool(ctx, session);
	await checkExamples(ctx);
	await checkTriggers(ctx);
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

/** The options a dropdown lists once it has loaded (or the text it shows instead). */
async function dropdownTexts(page: Page): Promise<{ items: string[]; other: string }> {
	const popper = page.locator('.el-select-dropdown:visible, .el-popper:visible').last();
	await popper.waitFor();
	const items = popper.locator('.el-select-dropdown__item, [data-test-id="rlc-item"]');
	const empty = popper.locator(
		'.el-select-dropdown__empty, [data-test-id="rlc-no-results"], [class*="error"]',
	);
	await items.first().or(empty.first()).waitFor({ timeout: 30_000 });
	return { items: (await items.allInnerTexts()).map(fold), other: fold(await popper.innerText()) };
}

async function checkPickers(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step, baseUrl, env } = ctx;
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
	const sets = (await (
		await fetch(`${env.sandbox.baseUrl}/v2/social-sets`, {
			headers: { Authorization: `Bearer ${env.sandbox.keys.admin}` },
		})
	).json()) as { results?: Array<{ name?: string; username?: string }> };
	const setNames = (sets.results ?? []).map((s) => s.name ?? s.username ?? '');
	await step('the Social Set list loads the social sets of the sandbox', async () => {
		await openWorkflow(page, baseUrl, id);
		const ndv = await openNode(page, 'Pick a Social Set');
		await ndv
			.locator('[data-test-id="parameter-input-socialSetId"] [data-test-id="rlc-input"]')
			.first()
			.click();
		const { items, other } = await dropdownTexts(page);
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
	await step('the Tags list loads the tags of the chosen social set', async () => {
		const ndv = await openNode(page, 'Pick Tags');
		await ndv.locator('[data-test-id="parameter-input-tags"]').first().click();
		const { items, other } = await dropdownTexts(page);
		ensure(
			items.some((i) => i.includes('property-target')),
			`the tag "property-target" is not listed: ${JSON.stringify(items)} "${other}"`,
		);
		await page.keyboard.press('Escape');
		await closeNode(page);
		return [`listed: ${items.join(', ')}`];
	});
	await step('the Tags list without a social set says why it is empty', async () => {
		const ndv = await openNode(page, 'Tags Without a Social Set');
		await ndv.locator('[data-test-id="parameter-input-tags"]').first().click();
		const { items, other } = await dropdownTexts(page);
		await page.keyboard.press('Escape');
		await closeNode(page);
		ensure(items.length === 0, `lists tags without a social set: ${JSON.stringify(items)}`);
		ensure(/social set/i.test(other), `the empty list does not say why: "${other}"`);
		return [`shows: "${other}"`];
	});
}

async function checkNodeCreator(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step, baseUrl } = ctx;
	const id = await saveWorkflow(session, {
		name: 'Editor test: node creator',
		nodes: [startNode()],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await openWorkflow(page, baseUrl, id);
	for (const search of SEARCHES) {
		await step(`the node creator finds "${search.action}" by "${search.words}"`, async () => {
			await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
			const creator = page.locator('[data-test-id="node-creator"]').first();
			await creator.waitFor();
			await creator.locator('[data-test-id="node-creator-search-bar"]').fill(search.words);
			const items = creator.locator('[data-test-id="item-iterator-item"]');
			const action = items.filter({ hasText: search.action }).first();
			const node = items.filter({ hasText: 'Social Publishing' }).first();
			await action.or(node).first().waitFor({ timeout: 15_000 });
			const lines: string[] = [];
			if (!(await action.isVisible())) {
				await node.click();
				await action.waitFor({ timeout: 15_000 });
				lines.push('found the node, then the action in its list');
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
			lines.push(`opened with Resource "${resource}", Operation "${operation}"`);
			await closeNode(page);
			await page.keyboard.press('Control+z').catch(() => undefined);
			return lines;
		});
	}
}

async function checkTool(ctx: EditorContext, session: Session): Promise<void> {
	const { page, step, baseUrl, env } = ctx;
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
			await openWorkflow(page, baseUrl, id);
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
				.locator('[data-test-id="from-ai-override-field"]')
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

/** Runs the open workflow with "Execute workflow" and waits until `last` has run. */
async function runWorkflow(page: Page, last: string): Promise<void> {
	await page.locator('[data-test-id="execute-workflow-button"]').first().click();
	await canvasNode(page, last)
		.locator(
			'[data-test-id="canvas-node-status-success"], [data-test-id="canvas-node-status-error"]',
		)
		.first()
		.waitFor({ timeout: 90_000 });
}

async function outputMode(
	ndv: Locator,
	mode: 'Table' | 'JSON' | 'Binary' | 'Schema',
): Promise<void> {
	await ndv.locator('[data-test-id="output-panel"]').getByRole('radio', { name: mode }).click();
}

async function checkExamples(ctx: EditorContext): Promise<void> {
	const { page, step, baseUrl } = ctx;
	await step(
		'the image example runs in the editor (screenshots of its panels and output)',
		async () => {
			await openWorkflow(page, baseUrl, 'SpExImagePublish');
			await runWorkflow(page, 'Publish Now and Wait');
			await shot(page, 'example-run-image-publish.png');
			let ndv = await openNode(page, 'Publish Now and Wait');
			await outputMode(ndv, 'JSON');
			await shot(page, 'publish-now-output.png');
			await closeNode(page);
			ndv = await openNode(page, 'Upload Image');
			await shot(page, 'media-upload-panel.png');
			await closeNode(page);
			return [];
		},
	);
	await step('Draft > Create panel (a thread in the next free slot)', async () => {
		await openWorkflow(page, baseUrl, 'SpExThreadSched1');
		await openNode(page, 'Schedule Thread in Next Free Slot');
		await shot(page, 'draft-create-panel.png');
		await closeNode(page);
	});
	await step('the Best Times heat map opens in the binary view as an image', async () => {
		await openWorkflow(page, baseUrl, 'SpExBestTimes001');
		await runWorkflow(page, 'Queue Schedule Now');
		const ndv = await openNode(page, 'Best Times of the Last 90 Days');
		await outputMode(ndv, 'Binary');
		const output = ndv.locator('[data-test-id="output-panel"]');
		const binary = output
			.locator('[data-test-id="ndv-binary-data_0"], [class*="binaryData"]')
			.first();
		await binary.waitFor({ timeout: 15_000 });
		const text = fold(await binary.innerText());
		ensure(/image\/svg\+xml/.test(text), `the binary view does not show an SVG image: "${text}"`);
		await output.getByRole('button', { name: /view/i }).first().click();
		const image = page
			.locator(
				'[data-test-id="binary-data-display"] img, .binary-data img, img[src*="binary-data"]',
			)
			.first();
		await image.waitFor({ timeout: 15_000 });
		const size = await image.evaluate((img) => ({
			w: (img as unknown as { naturalWidth: number }).naturalWidth,
			h: (img as unknown as { naturalHeight: number }).naturalHeight,
		}));
		ensure(size.w > 0 && size.h > 0, `the image did not load (${size.w}×${size.h})`);
		await shot(page, 'best-times-heat-map.png');
		await page.keyboard.press('Escape');
		await closeNode(page).catch(() => undefined);
		return [`binary: ${text.slice(0, 120)}`, `image ${size.w}×${size.h}`];
	});
	await step(
		"Validate Only's output reads as a table; the bulk import with Max Parallel Requests",
		async () => {
			await openWorkflow(page, baseUrl, 'SpExBulkImportCs');
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
			await openNode(page, 'Create Drafts in Next Free Slots');
			await shot(page, 'bulk-import-max-parallel.png');
			await closeNode(page);
			return [`${rows} rows, columns ${headers.join(', ')}`];
		},
	);
	await step(
		'Require Resolved Comments refuses to schedule a draft with an open thread',
		async () => {
			await openWorkflow(page, baseUrl, 'SpExReviewSched1');
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
		await openWorkflow(page, baseUrl, 'SpExAnalyticsTop');
		await fitView(page);
		await shot(page, 'example-analytics.png');
	});
}

async function checkTriggers(ctx: EditorContext): Promise<void> {
	const { page, step, baseUrl } = ctx;
	await step('the webhook trigger panel shows the webhook URL to register', async () => {
		await openWorkflow(page, baseUrl, 'SpExPublishedUrl');
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
		await openWorkflow(page, baseUrl, 'SpExPollOutcomes');
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

async function checkCredentialModal(ctx: EditorContext): Promise<void> {
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
	const saveAndRead = async (): Promise<string> => {
		await modal.locator('[data-test-id="credential-save-button"]').first().click();
		const ok = modal.locator('[data-test-id="credentials-config-container-test-success"]').first();
		const failed = modal.getByText("Couldn't connect with these settings").first();
		await ok.or(failed).waitFor({ timeout: 30_000 });
		if (await ok.isVisible()) return 'OK';
		return fold(
			await modal
				.locator('[data-test-id="credential-edit-dialog"], .el-dialog__body')
				.first()
				.innerText(),
		);
	};
	await step('the credential modal: a sandbox key passes the test', async () => {
		await open();
		await fill('apiKey', env.sandbox.keys.read);
		await fill('baseUrl', env.sandbox.baseUrl);
		const result = await saveAndRead();
		ensure(result === 'OK', `the test did not pass: "${result}"`);
		return ['Connection tested successfully'];
	});
	await step(
		'the credential modal: a wrong key and a Base URL that answers 404 show the documented messages',
		async () => {
			await fill('apiKey', 'sp_editor_wrong_key_0123456789');
			const wrong = await saveAndRead();
			ensure(wrong.includes('UNAUTHORIZED: Invalid API key'), `wrong key: "${wrong}"`);
			await fill('apiKey', env.sandbox.keys.read);
			await fill('baseUrl', `${env.sandbox.baseUrl}/api`);
			const missing = await saveAndRead();
			ensure(
				missing.includes('NOT_FOUND: no Social Publishing API v2 at this Base URL'),
				`404 Base URL: "${missing}"`,
			);
			await fill('apiKey', env.sandbox.keys.admin);
			await fill('baseUrl', env.sandbox.baseUrl);
			ensure((await saveAndRead()) === 'OK', 'the credential could not be put back');
			return [`wrong key: ${wrong.slice(0, 160)}`, `404: ${missing.slice(0, 160)}`];
		},
	);
}
