/**
 * A parameter of another type than its own, in real n8n (issue 38, finding 7): Draft > Duplicate with Options >
 * Draft Title given as an expression that reads an earlier node through an item that an earlier node passed on
 * with Continue On Fail. n8n 1.123.81 once handed the node something that was not text there, and the copy was
 * stored with the source's title, in silence. Whatever a release hands the node, one of two outcomes is right:
 *
 * - the expression's value is applied (the copy carries it), or
 * - the item stops with an error naming Draft Title, and no copy is made;
 *
 * never a copy with the source's title. Each case is a workflow imported into n8n and run with `n8n execute`;
 * the sandbox (over plain HTTP) says what was stored. Which of the two outcomes each release gave is printed.
 */
import type { Sandbox } from '../../sandbox';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	ensure,
	type Json,
	sandboxApi,
	type WorkflowFile,
} from '../examples/catalog';
import type { N8nInstance } from './n8n';
import { executeWorkflow, importWorkflow } from './prepare';

const SET = 101;
/** A draft the sandbox does not hold: Draft > Get of it fails, and the error item goes on (Continue On Fail). */
const MISSING_DRAFT = 999_999;
const SOURCE_TITLE = 'Typed parameters: the source';

interface TitleCase {
	id: string;
	label: string;
	/** Draft Title as written in the node */
	expression: string;
	/** what the copy's title must be when the expression is applied */
	applied(nonce: string): string;
	/** how Get Missing Draft goes on after its error: n8n's setting, or the older `continueOnFail` */
	goesOn: 'onError' | 'continueOnFail';
}

const CASES: TitleCase[] = [
	{
		id: 'SpE2eTypedTitle01',
		label: "an earlier node's field plus text",
		expression: "={{ $('One Item').item.json.nonce + '-copy' }}",
		applied: (nonce) => `${nonce}-copy`,
		goesOn: 'onError',
	},
	{
		id: 'SpE2eTypedTitle03',
		label: "an earlier node's field plus text, after the older Continue On Fail",
		expression: "={{ $('One Item').item.json.nonce + '-copy' }}",
		applied: (nonce) => `${nonce}-copy`,
		goesOn: 'continueOnFail',
	},
	{
		id: 'SpE2eTypedTitle02',
		label: "the type of an earlier node's item, as text",
		expression: "={{ String(typeof $('One Item').item) }}",
		applied: () => 'object',
		goesOn: 'onError',
	},
];

export interface TypedChecks {
	n8n: N8nInstance;
	sandbox: Sandbox;
	step(name: string, fn: () => Promise<string[] | void>): Promise<boolean>;
}

/** Manual Trigger → One Item (Edit Fields: nonce) → Get Missing Draft (Continue On Fail) → Copy (Duplicate). */
function titleWorkflow(
	n8n: N8nInstance,
	c: TitleCase,
	nonce: string,
	source: number,
): WorkflowFile {
	const type = `${n8n.typePrefix}.socialPublishing`;
	const credentials = { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const socialSetId = { __rl: true, mode: 'id', value: String(SET) };
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: c.id,
		name: `End-to-end: Draft Title as ${c.label}`,
		nodes: [
			{
				id: 'e2e-typed-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'e2e-typed-one-item',
				name: 'One Item',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [{ id: 'e2e-nonce', name: 'nonce', value: nonce, type: 'string' }],
					},
					includeOtherFields: false,
					options: {},
				},
			},
			{
				id: 'e2e-typed-get-missing',
				name: 'Get Missing Draft',
				type,
				typeVersion: 1,
				position: [440, 0],
				...(c.goesOn === 'onError'
					? { onError: 'continueRegularOutput' }
					: { continueOnFail: true }),
				credentials,
				parameters: {
					resource: 'draft',
					operation: 'get',
					socialSetId,
					draftId: String(MISSING_DRAFT),
				},
			},
			{
				id: 'e2e-typed-copy',
				name: 'Copy',
				type,
				typeVersion: 1,
				position: [660, 0],
				credentials,
				parameters: {
					resource: 'draft',
					operation: 'duplicate',
					socialSetId,
					draftId: String(source),
					copyWhen: 'draft',
					options: { draftTitle: c.expression },
				},
			},
		],
		connections: {
			Start: link('One Item'),
			'One Item': link('Get Missing Draft'),
			'Get Missing Draft': link('Copy'),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	} as WorkflowFile;
}

const titlesOf = (page: Json) =>
	((page.results ?? []) as Json[]).map((draft) => ({
		id: Number(draft.id),
		title: String(draft.draft_title ?? ''),
	}));

export async function checkTypedParameters(checks: TypedChecks): Promise<void> {
	const { n8n, sandbox, step } = checks;
	const api = sandboxApi(sandbox.baseUrl, sandbox.keys.admin);
	for (const c of CASES) {
		await step(`Draft Title as ${c.label}: applied, or the item stops naming it`, async () => {
			const made = await api('POST', `/v2/social-sets/${SET}/drafts`, {
				draft_title: SOURCE_TITLE,
				platforms: { x: { enabled: true, posts: [{ text: `Source of ${c.id}` }], settings: {} } },
			});
			ensure(made.status === 201, `the source draft was not made: ${JSON.stringify(made.body)}`);
			const source = Number(made.body.id);
			const nonce = `typed-${c.id}-${Date.now()}`;
			const before = await api('GET', `/v2/social-sets/${SET}/drafts?limit=50`);
			await importWorkflow(n8n, titleWorkflow(n8n, c, nonce, source));
			const run = await executeWorkflow(n8n, c.id);
			const after = await api('GET', `/v2/social-sets/${SET}/drafts?limit=50`);
			const known = new Set(titlesOf(before.body).map((d) => d.id));
			const copies = titlesOf(after.body).filter((d) => !known.has(d.id));
			const missed = run.output('Get Missing Draft');
			ensure(
				missed.length === 1 && missed[0].error !== undefined,
				`Get Missing Draft should pass on one error item, got ${JSON.stringify(missed).slice(0, 500)}`,
			);
			if (run.status === 'success') {
				ensure(
					copies.length === 1,
					`the run succeeded, so one copy should be stored; found ${copies.length}`,
				);
				const want = c.applied(nonce);
				ensure(
					copies[0].title === want,
					`the copy's title is ${JSON.stringify(copies[0].title)}, not the expression's value ${JSON.stringify(want)}${copies[0].title === SOURCE_TITLE ? " (the source's: the value was dropped in silence)" : ''}`,
				);
				return [`applied: the copy is titled ${JSON.stringify(want)}`];
			}
			ensure(
				copies.length === 0,
				`the run failed, yet ${copies.length} copies were stored: ${JSON.stringify(copies)}`,
			);
			ensure(
				(run.error ?? '').includes('Draft Title'),
				`the run failed without naming Draft Title: ${(run.error ?? '').slice(0, 500)}`,
			);
			return [`refused: ${(run.error ?? '').slice(0, 200)}`];
		});
	}
}
