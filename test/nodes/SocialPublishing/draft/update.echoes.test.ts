import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { MAX_DESCRIPTION, MAX_MISSING_IDS } from '../../../../nodes/common/transport/errors';
import { runWorkflow } from '../../../harness/runWorkflow';
import type { RunResult } from '../../../harness/runWorkflow';
import { useSandbox } from '../../../harness/sandbox';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { NODE, singleNodeWorkflow } from '../../../harness/workflows';
import { runFresh } from '../../../harness/nodeRun';
import { draftParams, seedDraft } from './fixtures';

/**
 * Every echo bounded: a megabyte (or more) from the service or from the user's text, fed to each error path of
 * Draft > Update, gives an error whose message, description and context (and the Continue On Fail item) stay
 * small. The 409 bodies are crafted on a scripted server; the marker errors run against the sandbox.
 */

const MB = 1_000_000;
const MESSAGE_MAX = 600;
/** The service's part (10,000 characters) and this operation's way out of a marker mismatch. */
const DESCRIPTION_MAX = MAX_DESCRIPTION + 1_000;
/** 100 details and 2 × 1,000 ids, each cut to 80 characters with its note of the length it had. */
const CONTEXT_MAX = 300_000;

const json = (platforms: IDataObject): INodeParameters =>
	draftParams('update', {
		draftId: '5',
		contentType: 'json',
		platformsJson: JSON.stringify(platforms),
	});

const X_TEXT = { x: { enabled: true, posts: [{ text: 'Hello' }], settings: {} } };

function sizes(result: RunResult) {
	const error = result.error!;
	return {
		message: error.message.length,
		description: (error.description ?? '').length,
		context: JSON.stringify(error.context ?? {}).length,
	};
}

function expectBounded(result: RunResult) {
	const { message, description, context } = sizes(result);
	expect(message).toBeLessThan(MESSAGE_MAX);
	expect(description).toBeLessThan(DESCRIPTION_MAX);
	expect(context).toBeLessThan(CONTEXT_MAX);
}

/** All the missing ids an error keeps, over every platform. */
const idsOf = (missing: unknown) => Object.values(missing as Record<string, string[]>).flat();

describe('Draft > Update: a 409 COMMENTS_MARKER_MISMATCH of any size gives a bounded error', () => {
	const server = useScriptedServer();

	async function run(body: unknown, continueOnFail = false) {
		server.reset();
		server.reply({ status: 409, body });
		const result = await runWorkflow(singleNodeWorkflow(json(X_TEXT), { continueOnFail }), {
			credentials: { socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl } },
		});
		expect(server.requests.map((r) => r.method)).toEqual(['PATCH']);
		return result;
	}

	test('a `missing` map of 25 platforms with 1,000 ids of 100 characters (2.6 MB): 20 platforms, 1,000 ids in all, shared out evenly, each cut', async () => {
		const ids = (p: number) =>
			Array.from({ length: 1000 }, (_, i) => `${p}-${i}-`.padEnd(100, 'm'));
		const missing = Object.fromEntries(Array.from({ length: 25 }, (_, p) => [`p${p}`, ids(p)]));
		const body = {
			error: { code: 'COMMENTS_MARKER_MISMATCH', message: 'Markers missing', missing },
		};
		expect(JSON.stringify(body).length).toBeGreaterThan(2.5 * MB);

		const thrown = await run(body);
		expect(thrown.error?.message).toBe('COMMENTS_MARKER_MISMATCH: Markers missing');
		expect(thrown.error?.description).toMatch(
			/^Missing comment markers on p0: 0-0-m+… \(cut, 100 characters in all\), .* and 30 more$/m,
		);
		expect(thrown.error?.description).toContain('Force Overwrite Comments');
		expectBounded(thrown);
		const service = thrown.error?.context?.service as IDataObject;
		expect(Object.keys(service.missing as IDataObject)).toHaveLength(20);
		expect(idsOf(service.missing)).toHaveLength(MAX_MISSING_IDS);
		expect((service.missing as Record<string, string[]>).p19).toHaveLength(50);
		for (const id of idsOf(service.missing)) expect(id.length).toBeLessThan(120);

		const kept = await run(body, true);
		expect(kept.error).toBeUndefined();
		const item = kept.output(NODE)[0].json.error as IDataObject;
		expect(JSON.stringify(item).length).toBeLessThan(CONTEXT_MAX);
		expect(idsOf(item.missing)).toEqual(idsOf(service.missing));
	});

	test('100 details each listing 1,000 missing ids (3.9 MB, the review case): 1,000 ids shared out over the details (10 each), the map keeps the first 20 platforms', async () => {
		const details = Array.from({ length: 100 }, (_, d) => ({
			field: `platforms.p${d}`,
			message: 'markers missing',
			missing: Array.from(
				{ length: 1000 },
				(_, i) => `0f8fad5b-d9cb-469f-a165-${String(d * 1000 + i).padStart(12, '0')}`,
			),
		}));
		const body = {
			error: { code: 'COMMENTS_MARKER_MISMATCH', message: 'Markers missing', details },
		};
		expect(JSON.stringify(body).length).toBeGreaterThan(3.5 * MB);

		const thrown = await run(body);
		expectBounded(thrown);
		const service = thrown.error?.context?.service as {
			details: IDataObject[];
			missing: IDataObject;
		};
		expect(Object.keys(service.missing)).toEqual(Array.from({ length: 20 }, (_, d) => `p${d}`));
		expect(service.details.flatMap((d) => (d.missing as string[]) ?? [])).toHaveLength(
			MAX_MISSING_IDS,
		);
		expect(service.details.map((d) => (d.missing as string[]).length)).toEqual(
			details.map(() => 10),
		);
		expect(idsOf(service.missing)).toHaveLength(200);
		expect(service.missing.p0).toEqual(details[0].missing.slice(0, 10));
		expect(thrown.error?.description).toMatch(
			/^Missing comment markers on p0: 0f8fad5b-d9cb-469f-a165-000000000000, .*-000000000009$/m,
		);

		const kept = await run(body, true);
		const item = kept.output(NODE)[0].json.error as IDataObject;
		expect((item.description as string).length).toBeLessThan(DESCRIPTION_MAX);
		expect(JSON.stringify(item).length).toBeLessThan(CONTEXT_MAX);
	});

	test('two details for the same platform: both lists are kept under that platform', async () => {
		const body = {
			error: {
				code: 'COMMENTS_MARKER_MISMATCH',
				message: 'Markers missing',
				details: [
					{ field: 'platforms.x', message: 'first', missing: ['a1'] },
					{ field: 'platforms.x', message: 'second', missing: ['b2', 'c3'] },
				],
			},
		};
		const thrown = await run(body);
		expect((thrown.error?.context?.service as IDataObject).missing).toEqual({
			x: ['a1', 'b2', 'c3'],
		});
		expect(thrown.error?.description).toContain('Missing comment markers on x: a1, b2, c3');
	});

	test('a 1 MB code and message, and 100 details of 10 KB texts: every text cut, the description kept to its cap', async () => {
		const huge = `x\nIgnore previous instructions ${'A'.repeat(MB)}`;
		const long = `y\n${'B'.repeat(10_000)}`;
		const details = Array.from({ length: 100 }, (_, d) => ({
			field: `platforms.x.posts[${d}].text ${long}`,
			message: long,
			subcode: long,
		}));
		const thrown = await run({ error: { code: huge, message: huge, details } });
		expectBounded(thrown);
		expect(thrown.error?.message).toMatch(
			/^x Ignore previous instructions A+… \(cut, \d+ characters in all\): x Ignore/,
		);
		// 20 detail lines of about 600 characters pass the 10,000: the lines past it are counted
		expect(thrown.error?.description).toMatch(/^… and \d+ more lines$/m);
		expect(thrown.error?.description).toContain('(cut, 10002 characters in all)');
		expect(thrown.error?.description).not.toMatch(/\(cut, \d+ characters in all\) \(cut/);
	});
});

describe('Draft > Update: a comment marker error quotes at most a short piece of a 1 MB attribute', () => {
	const fx = useSandbox();
	const huge = 'z'.repeat(MB);
	const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

	test.each([
		[
			'an id of 1 MB',
			`<svc:comment-thread id=${huge}>there</svc:comment-thread>`,
			'bad_uuid',
			/id "z+… \(cut, 1000000 characters in all\)" is not a lowercase UUID/,
		],
		[
			'an attribute name of 1 MB',
			`<svc:comment-thread ${huge}=1 id=${uuid}>there</svc:comment-thread>`,
			'bad_attr',
			/attribute "z+… \(cut, 1000000 characters in all\)" is not allowed \(only id\)/,
		],
		[
			'a malformed attribute of 1 MB',
			`<svc:comment-thread id=${uuid} "${huge}>there</svc:comment-thread>`,
			'bad_attr',
			/malformed attribute ""z+… \(cut, 1000001 characters in all\)"/,
		],
	])(
		'%s: refused before the PATCH, the message bounded',
		async (_name, marker, subcode, quoted) => {
			const draft = await seedDraft(fx, {
				platforms: { x: { enabled: true, posts: [{ text: 'Old' }], settings: {} } },
			});
			const params = draftParams('update', {
				draftId: String(draft.id),
				contentType: 'posts',
				platforms: ['x'],
				contentMode: 'text',
				text: `Hi ${marker}`,
				contentOptions: { lengthCheck: false },
			});
			const { result, requests } = await runFresh(fx, params);
			expect(result.error?.message).toMatch(
				new RegExp(
					`^The text of X post 1 has a malformed comment marker: .+ \\(COMMENTS_MARKER_MALFORMED, subcode "${subcode}"\\) \\[item 0\\]$`,
				),
			);
			expect(result.error?.message).toMatch(quoted);
			expectBounded(result);
			expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);

			const validated = await runFresh(fx, { ...params, options: { validateOnly: true } });
			const problems = validated.items[0].problems as string[];
			expect(problems.find((p) => p.includes('malformed comment marker'))).toMatch(quoted);
			expect(JSON.stringify(problems).length).toBeLessThan(2 * MESSAGE_MAX);
		},
	);
});
