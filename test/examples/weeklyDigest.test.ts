/**
 * The weekly digest (examples/weekly-digest-calendar.json, docs/calendar-and-charts.md) run through n8n-core
 * against the sandbox with the Send Email stand-in: the message it would send carries the calendar picture,
 * whose filled and free slots are the queue the service holds, read here over plain HTTP.
 */
import type { IConnections, INode } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { EXAMPLES, loadExample, sandboxApi } from '../../scripts/examples/catalog';
import { coreNodeStandIns } from '../../scripts/examples/coreNodes';
import { OUTBOX } from '../../scripts/examples/emailSend';
import { buildNodeTypes } from '../harness/nodeTypes';
import { useSandbox } from '../harness/sandbox';
import { drawnSlots } from '../nodes/SocialPublishing/queue/calendarPicture';

const example = EXAMPLES.find((e) => e.file === 'weekly-digest-calendar.json')!;

/**
 * The example as imported (its calendar a PNG, what mail clients show), or with Picture Format SVG as the
 * end-to-end test picks it, to read each slot from the picture's text.
 */
function digestWorkflow(format: 'png' | 'svg') {
	const workflow = loadExample(example);
	if (format === 'png') return workflow;
	const nodes = workflow.nodes.map((node) =>
		node.name === 'Queue for the Next 7 Days'
			? {
					...node,
					parameters: {
						...node.parameters,
						options: { ...(node.parameters.options as object), pictureFormat: 'svg' },
					},
				}
			: node,
	);
	return { ...workflow, nodes };
}

describe('the weekly digest', () => {
	const fx = useSandbox();
	const runDigest = async (format: 'png' | 'svg') => {
		const workflow = digestWorkflow(format);
		return await fx.run(
			{
				nodes: workflow.nodes as unknown as INode[],
				connections: workflow.connections as unknown as IConnections,
			},
			{ nodeTypes: buildNodeTypes(coreNodeStandIns()), workflowId: workflow.id },
		);
	};
	const api = () => sandboxApi(fx.sandbox.baseUrl, fx.sandbox.keys.admin);
	beforeEach(async () => {
		await fx.sandbox.reset();
		OUTBOX.length = 0;
	});

	test('one e-mail to the team, with the calendar attached: its slots are the queue of the next 7 days, a scheduled draft drawn with its title', async () => {
		const scheduled = await api()('POST', '/v2/social-sets/101/drafts', {
			draft_title: 'Weekly tips #12 <draft> & more',
			platforms: { x: { enabled: true, posts: [{ text: 'Tips' }], settings: {} } },
			publish_at: 'next-free-slot',
		});
		expect(scheduled.status).toBe(201);
		const result = await runDigest('svg');
		expect(result.error?.message).toBeUndefined();
		expect(OUTBOX).toHaveLength(1);
		const [mail] = OUTBOX;
		expect(mail.to).toEqual(['content-team@example.com']);
		expect(mail.attachments).toHaveLength(1);
		const [picture] = mail.attachments;
		expect(picture.mimeType).toBe('image/svg+xml');
		const days = result.output('Queue for the Next 7 Days').map((item) => String(item.json.date));
		expect(picture.fileName).toBe(`queue-101-${days[0]}-${days[6]}.svg`);

		const view = await api()(
			'GET',
			`/v2/social-sets/101/queue?start_date=${days[0]}&end_date=${days[6]}`,
		);
		type Item = { at: string; draft: { id: number } | null };
		const items = (view.body.days as Array<{ items: Item[] }>).flatMap((day) => day.items);
		const drawn = drawnSlots(picture.content.toString('utf8'));
		const now = Date.now();
		expect(drawn.map((slot) => [slot.at, slot.slot])).toEqual(
			items.map((item) => [
				item.at,
				item.draft ? 'filled' : Date.parse(item.at) > now ? 'free' : 'past',
			]),
		);
		const filled = drawn.find((slot) => slot.draftId === String(scheduled.body.id));
		expect(filled?.texts.slice(1)).toEqual(['Weekly tips #12 <draft> & more', 'X']);
		const filledCount = items.filter((item) => item.draft).length;
		expect(mail.html).toContain(`${filledCount} slots filled, ${items.length - filledCount} free`);
		expect(mail.html).toContain(DateTime.now().toFormat('d LLLL'));
	});

	test("the example's e-mail check (npm start's and real n8n's) refuses a digest that is not the queue", async () => {
		const setup = await example.setup!(api());
		expect(setup.join('\n')).toMatch(/refuses a 10,000-character title \(422 VALIDATION_ERROR\)/);
		const result = await runDigest('svg');
		expect(result.error?.message).toBeUndefined();
		const out = (name: string) => result.output(name).map((item) => item.json);
		const [mail] = OUTBOX;
		const lines = await example.mailCheck!([mail], out, api());
		expect(lines.join('\n')).toContain('hostile titles drawn as text');
		const svg = mail.attachments[0].content.toString('utf8');
		const withSvg = (text: string) => ({
			...mail,
			attachments: [{ ...mail.attachments[0], content: Buffer.from(text, 'utf8') }],
		});
		const refuses = async (changed: typeof mail, reason: RegExp) =>
			await expect(example.mailCheck!([changed], out, api())).rejects.toThrow(reason);
		await refuses(
			{ ...mail, to: ['someone@example.com'] },
			/should go to content-team@example\.com/,
		);
		await refuses({ ...mail, attachments: [] }, /should carry queue-101-/);
		await refuses(withSvg(svg.replace('data-slot="filled"', 'data-slot="free"')), /holds draft/);
		await refuses(
			withSvg(svg.replace(/<g data-slot="free"[\s\S]*?<\/g>/, '')),
			/not drawn|draws it|does not hold/,
		);
		await refuses(
			withSvg(svg.replaceAll('&lt;script&gt;alert(1)', '&lt;b&gt;alert(1)')),
			/title should be drawn as|markup title should read/,
		);
		await refuses(
			{ ...mail, html: mail.html.replace(/\d+ slots filled/, '0 slots filled') },
			/should count/,
		);
	});

	test('with every queue slot of the week taken before it (the bulk import runs first in real n8n), the hostile titles are still in the week', async () => {
		for (let i = 0; i < 20; i++) {
			const taken = await api()('POST', '/v2/social-sets/101/drafts', {
				platforms: { x: { enabled: true, posts: [{ text: `Taken slot ${i}` }], settings: {} } },
				publish_at: 'next-free-slot',
			});
			expect(taken.status).toBe(201);
		}
		await example.setup!(api());
		const result = await runDigest('svg');
		expect(result.error?.message).toBeUndefined();
		const out = (name: string) => result.output(name).map((item) => item.json);
		const lines = await example.mailCheck!(OUTBOX, out, api());
		expect(lines.join('\n')).toMatch(/hostile titles drawn as text: "<script>alert\(1\)<\/script>/);
	});

	test('as imported, the calendar is a PNG: the check reads it back whole, and refuses one that is not', async () => {
		await example.setup!(api());
		const result = await runDigest('png');
		expect(result.error?.message).toBeUndefined();
		const out = (name: string) => result.output(name).map((item) => item.json);
		const [mail] = OUTBOX;
		expect(mail.attachments.map((a) => [a.mimeType, a.fileName.endsWith('.png')])).toEqual([
			['image/png', true],
		]);
		const lines = await example.mailCheck!([mail], out, api());
		expect(lines.join('\n')).toMatch(/a \d+×\d+ PNG, read back whole/);
		const png = mail.attachments[0].content;
		const broken = Buffer.from(png);
		broken[broken.length - 20] ^= 0xff;
		await expect(
			example.mailCheck!(
				[{ ...mail, attachments: [{ ...mail.attachments[0], content: broken }] }],
				out,
				api(),
			),
		).rejects.toThrow(/CRC|chunk|inflate|PNG/i);
	});
});
