/**
 * What real n8n e-mails, read where it arrives: a loopback mailbox (scripts/lib/mailbox.ts) behind an SMTP
 * credential made in n8n through its REST API, as the editor's credential modal makes one, and picked in each
 * Send Email node as a user picks theirs after importing a workflow that names a credential they do not have.
 *
 * - the examples that send e-mail (the weekly digest), run with `n8n execute` and checked by the example's own
 *   checks (scripts/examples/), the e-mail included: the check `npm start` runs on the stand-in's message;
 * - the analytics charts, which no example draws: a small workflow of Get Followers with Followers Chart and
 *   Get Posts with Top Posts Chart, each chart mailed as an attachment, and its points and bars compared with
 *   the analytics the sandbox answers over plain HTTP.
 */
import { DateTime } from 'luxon';
import type { Sandbox } from '../../sandbox';
import {
	CREDENTIAL_ID,
	CREDENTIAL_NAME,
	type Example,
	ensure,
	type Json,
	loadExample,
	sandboxApi,
	type SandboxApi,
	type WorkflowFile,
} from '../examples/catalog';
import { smtpCredentialData, startMailbox, type DeliveredMail, type Mailbox } from '../lib/mailbox';
import { chartBars, chartPoints } from '../../test/nodes/SocialPublishing/analytics/chartPicture';
import type { N8nInstance } from './n8n';
import { executeWorkflow, importWorkflow, runExample } from './prepare';
import { createCredential, pickCredential, serverSession, type Session } from './rest';

const EMAIL_SEND = 'n8n-nodes-base.emailSend';
const CHARTS_WORKFLOW_ID = 'SpE2eChartsMail1';
const CHARTS_TO = 'analytics@example.com';
const SET = 101;
/** A bar's `data-rate` is written with 6 decimals: a rate counted here matches it to half of the last one. */
const RATE_DIGITS = 5e-7;

export interface MailChecks {
	n8n: N8nInstance;
	sandbox: Sandbox;
	/** the examples that send e-mail, to run */
	examples: Example[];
	/** whether to run the charts workflow */
	charts: boolean;
	step(name: string, fn: () => Promise<string[] | void>): Promise<boolean>;
}

/** The SMTP credential a user would make for their mail server, here the loopback mailbox (no TLS, no login). */
async function mailboxCredential(session: Session, mailbox: Mailbox) {
	return await createCredential(session, {
		name: 'Local mailbox',
		type: 'smtp',
		data: smtpCredentialData(mailbox),
	});
}

/** A Send Email node mailing the item's binary property `data` as an attachment. */
function mailNode(name: string, subject: string, position: [number, number]) {
	return {
		id: `e2e-${name.toLowerCase().replace(/\W+/g, '-')}`,
		name,
		type: EMAIL_SEND,
		typeVersion: 2.1,
		position,
		parameters: {
			fromEmail: 'n8n@example.com',
			toEmail: CHARTS_TO,
			subject,
			emailFormat: 'html',
			html: `<p>${subject}</p>`,
			options: { attachments: 'data', appendAttribution: false },
		},
	};
}

const day = (back: number) => DateTime.utc().minus({ days: back }).toISODate() as string;
/** Ranges ending yesterday: within the service's range in any time zone of the set. */
const FOLLOWERS = { start: day(30), end: day(1) };
const POSTS = { start: day(365), end: day(1) };

/** Manual Trigger → Get Followers (chart) → Send Email; Manual Trigger → Get Posts (chart) → Limit 1 → Send Email. */
function chartsWorkflow(n8n: N8nInstance): WorkflowFile {
	const socialSetId = { __rl: true, mode: 'id', value: String(SET) };
	const credentials = { socialPublishingApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };
	const type = `${n8n.typePrefix}.socialPublishing`;
	const link = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	return {
		id: CHARTS_WORKFLOW_ID,
		name: 'End-to-end: the analytics charts, e-mailed',
		nodes: [
			{
				id: 'e2e-manual',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'e2e-followers',
				name: 'Followers Chart',
				type,
				typeVersion: 1,
				position: [240, -120],
				credentials,
				parameters: {
					resource: 'analytics',
					operation: 'getFollowers',
					socialSetId,
					platform: 'x',
					options: { startDate: FOLLOWERS.start, endDate: FOLLOWERS.end, followersChart: true },
				},
			},
			{
				id: 'e2e-posts',
				name: 'Top Posts Chart',
				type,
				typeVersion: 1,
				position: [240, 120],
				credentials,
				parameters: {
					resource: 'analytics',
					operation: 'getPosts',
					socialSetId,
					platform: 'x',
					startDate: POSTS.start,
					endDate: POSTS.end,
					returnAll: true,
					options: { topPostsChart: true },
				},
			},
			{
				id: 'e2e-first-post',
				name: 'Keep the Item With the Chart',
				type: 'n8n-nodes-base.limit',
				typeVersion: 1,
				position: [480, 120],
				parameters: { maxItems: 1 },
			},
			mailNode('Email the Followers Chart', 'Followers chart', [480, -120]),
			mailNode('Email the Top Posts Chart', 'Top posts chart', [720, 120]),
		],
		connections: {
			Start: {
				main: [
					[
						{ node: 'Followers Chart', type: 'main', index: 0 },
						{ node: 'Top Posts Chart', type: 'main', index: 0 },
					],
				],
			},
			'Followers Chart': link('Email the Followers Chart'),
			'Top Posts Chart': link('Keep the Item With the Chart'),
			'Keep the Item With the Chart': link('Email the Top Posts Chart'),
		},
		settings: { executionOrder: 'v1' },
		active: false,
		pinData: {},
	};
}

/** The one SVG a message with this subject carries. */
function chartIn(mails: DeliveredMail[], subject: string, fileName: string): string {
	const found = mails.filter((mail) => mail.subject === subject);
	ensure(found.length === 1, `one e-mail "${subject}" expected, got ${found.length}`);
	const [mail] = found;
	ensure(
		mail.to.length === 1 && mail.to[0] === CHARTS_TO,
		`"${subject}" should go to ${CHARTS_TO}, went to ${JSON.stringify(mail.to)}`,
	);
	ensure(
		mail.attachments.length === 1 &&
			mail.attachments[0].mimeType === 'image/svg+xml' &&
			mail.attachments[0].fileName === fileName,
		`"${subject}" should carry ${fileName}, carries ${JSON.stringify(mail.attachments.map((a) => [a.fileName, a.mimeType]))}`,
	);
	return mail.attachments[0].content.toString('utf8');
}

/** The followers series the sandbox answers for the range (spec: Followers series). */
async function followersAnswered(api: SandboxApi) {
	const { status, body } = await api(
		'GET',
		`/v2/social-sets/${SET}/analytics/x/followers?start_date=${FOLLOWERS.start}&end_date=${FOLLOWERS.end}`,
	);
	const data = body.data as Array<{ date: string; followers_count: number }> | undefined;
	ensure(
		status === 200 && Array.isArray(data) && data.length > 0,
		`the followers series answered ${status}: ${JSON.stringify(body).slice(0, 300)}`,
	);
	return data;
}

/** Every post the sandbox answers for the range, page by page (spec: Analytics post, paged envelope). */
async function postsAnswered(api: SandboxApi) {
	const posts: Json[] = [];
	for (let offset = 0; offset < 10_000; offset += 100) {
		const { status, body } = await api(
			'GET',
			`/v2/social-sets/${SET}/analytics/x/posts?start_date=${POSTS.start}&end_date=${POSTS.end}&limit=100&offset=${offset}`,
		);
		ensure(
			status === 200 && Array.isArray(body.results),
			`the posts answered ${status}: ${JSON.stringify(body).slice(0, 300)}`,
		);
		posts.push(...(body.results as Json[]));
		if (!body.next) return posts;
	}
	throw new Error('the posts did not end within 10,000');
}

/** The top posts by engagement rate (engagement / impressions, the option's rule), counted from the answered posts. */
function topPosts(posts: Json[]) {
	return posts
		.map((post) => {
			const metrics = (post.metrics ?? {}) as {
				impressions?: number;
				engagement?: { total?: number };
			};
			return {
				postId: String(post.post_id),
				impressions: Number(metrics.impressions),
				total: Number(metrics.engagement?.total),
			};
		})
		.filter((post) => post.impressions > 0 && Number.isFinite(post.total))
		.map((post) => ({ ...post, rate: post.total / post.impressions }))
		.sort((a, b) => b.rate - a.rate || b.impressions - a.impressions)
		.slice(0, 10);
}

async function checkCharts(n8n: N8nInstance, mailbox: Mailbox, api: SandboxApi): Promise<string[]> {
	const before = mailbox.messages.length;
	const run = await executeWorkflow(n8n, CHARTS_WORKFLOW_ID);
	ensure(run.status === 'success', `run status "${run.status}": ${run.error ?? ''}`);
	const mails = mailbox.delivered(before);
	ensure(mails.length === 2, `two e-mails expected, ${mails.length} arrived`);
	const series = await followersAnswered(api);
	const points = chartPoints(
		chartIn(mails, 'Followers chart', `followers-${SET}-${FOLLOWERS.start}-${FOLLOWERS.end}.svg`),
	);
	const expected = series.map((point) => ({ date: point.date, count: point.followers_count }));
	ensure(
		JSON.stringify(points) === JSON.stringify(expected),
		`the followers chart's points should be the series answered:\n  drawn ${JSON.stringify(points).slice(0, 400)}\n  answered ${JSON.stringify(expected).slice(0, 400)}`,
	);
	const posts = await postsAnswered(api);
	const top = topPosts(posts);
	const bars = chartBars(
		chartIn(mails, 'Top posts chart', `top-posts-${SET}-${POSTS.start}-${POSTS.end}.svg`),
	);
	ensure(top.length > 0, 'the sandbox should answer posts with impressions');
	ensure(
		bars.length === top.length &&
			bars.every(
				(bar, index) =>
					bar.postId === top[index].postId &&
					bar.impressions === top[index].impressions &&
					Math.abs(bar.rate - top[index].rate) < RATE_DIGITS,
			),
		`the top posts chart's bars should be the ${top.length} posts answered with the highest engagement rate:\n  drawn ${JSON.stringify(bars.map(({ postId, rate, impressions }) => ({ postId, rate, impressions })))}\n  answered ${JSON.stringify(top)}`,
	);
	const last = series[series.length - 1];
	return [
		`followers chart: ${points.length} points, ${series[0].date} ${series[0].followers_count} to ${last.date} ${last.followers_count}, each the series the sandbox answers`,
		`top posts chart: ${bars.length} bars of the ${posts.length} posts answered, from ${(top[0].rate * 100).toFixed(2)}% down to ${(top[top.length - 1].rate * 100).toFixed(2)}%, each the post, rate and impressions counted from the sandbox's answer`,
	];
}

export async function checkMail({
	n8n,
	sandbox,
	examples,
	charts,
	step,
}: MailChecks): Promise<void> {
	if (examples.length === 0 && !charts) return;
	const mailbox = await startMailbox();
	try {
		let session: Session | undefined;
		let smtp: { id: string; name: string } | undefined;
		const ready = await step(
			'an SMTP credential for a loopback mailbox, made through the REST API as the editor makes one',
			async () => {
				session = await serverSession(n8n);
				smtp = await mailboxCredential(session, mailbox);
				if (charts) await importWorkflow(n8n, chartsWorkflow(n8n));
				return [`credential ${smtp.id} "${smtp.name}": SMTP at 127.0.0.1:${mailbox.port}`];
			},
		);
		if (!ready || !session || !smtp) return;
		const api = sandboxApi(sandbox.baseUrl, sandbox.keys.admin);
		// the pictures as SVG (Picture Format), so each slot, point and bar is read from the picture's text; the
		// PNG the examples send by default is checked in npm start and the editor test
		const asSvg = (node: { type: string; parameters?: Record<string, unknown> }) => {
			if (!node.type.endsWith('.socialPublishing') || !node.parameters) return;
			const options = (node.parameters.options ?? {}) as Record<string, unknown>;
			if (options.calendarPicture || options.followersChart || options.topPostsChart)
				node.parameters.options = { ...options, pictureFormat: 'svg' };
		};
		const pick = async (workflowId: string) =>
			await pickCredential(
				session as Session,
				workflowId,
				{
					nodeType: EMAIL_SEND,
					credentialType: 'smtp',
					credential: smtp as { id: string; name: string },
				},
				asSvg,
			);
		for (const example of examples) {
			await step(`n8n execute: ${example.title}`, async () => {
				const picked = await pick(loadExample(example).id);
				return [
					`"${smtp?.name}" picked in ${picked.map((name) => `"${name}"`).join(', ')} and the workflow saved`,
					...(await runExample(n8n, example, { api, mailbox })),
				];
			});
		}
		if (charts)
			await step(
				'n8n execute: Get Followers with Followers Chart and Get Posts with Top Posts Chart, each chart e-mailed',
				async () => {
					await pick(CHARTS_WORKFLOW_ID);
					return await checkCharts(n8n, mailbox, api);
				},
			);
	} finally {
		await mailbox.close();
	}
}
