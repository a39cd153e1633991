/**
 * The example workflows in examples/, what each shows, and how to tell from its run that it worked.
 * `npm start` (n8n-core in-process) and the real-n8n end-to-end test both run the examples and use these checks.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { postLength } from '../../nodes/SocialPublishing/helpers/text/textLength';
import { REPO_ROOT } from '../lib/pack';
import { bulkImportExample } from './bulkImport';
import { campaignImportExample } from './campaignImport';
import { recyclingExample } from './recycling';
import { reviewExample } from './reviewBeforeScheduling';
import { weeklyDigestExample } from './weeklyDigest';
import type { DeliveredMail } from '../lib/mailbox';

export type Json = Record<string, unknown>;
/** The JSON items a node put out on its first output (empty when the node did not run). */
export type OutputOf = (nodeName: string) => Json[];

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		parameters: Json;
		credentials?: Record<string, { id: string; name: string }>;
		webhookId?: string;
		typeVersion: number;
		position: [number, number];
		id: string;
	}>;
	connections: Json;
	[key: string]: unknown;
}

export interface Example {
	file: string;
	/** What it shows, one line. */
	title: string;
	/** Started by the Social Publishing Trigger rather than by hand. */
	trigger?: boolean;
	/** Started by the Social Publishing Poll Trigger on its schedule (an active workflow), rather than by hand. */
	poll?: boolean;
	/**
	 * Made on the sandbox through its API before the (first) run: what the account did before, such as posts
	 * published through the service. Returns lines describing it.
	 */
	setup?(api: SandboxApi): Promise<string[]>;
	/** Checks the run's outputs; throws with a reason when they are wrong. Returns lines describing the result. */
	check(out: OutputOf): string[];
	/** Checks made on the sandbox itself after the run (by the tests, `npm start` and the real-n8n end-to-end test). */
	sandboxCheck?(out: OutputOf, api: SandboxApi): Promise<string[]>;
	/**
	 * The workflow is run a second time with the same input (a manual example: the same workflow executed
	 * again; n8n's record of processed items persists between the runs). Checks that second run; the
	 * sandbox check runs after it. Returns lines describing the result.
	 */
	again?: { check(out: OutputOf, first: OutputOf): string[] };
	/**
	 * Needs a Redis server (n8n's Redis node): run by the queue-mode end-to-end test, which has one, with
	 * several workers; `npm start` runs it with an in-memory stand-in for the Redis node.
	 */
	redis?: boolean;
	/**
	 * Needs a PostgreSQL server (n8n's Postgres node, the tables of examples/analytics-rows-tables.sql): run
	 * only by the queue-mode end-to-end test, which has one (scripts/e2e/queue/analyticsRows.ts); `npm start`,
	 * the n8n-core tests and the regular end-to-end test leave it out.
	 */
	postgres?: boolean;
	/**
	 * Sends e-mail (n8n's Send Email node): `npm start` and the n8n-core tests run it with an in-process stand-in
	 * that keeps the message (scripts/examples/emailSend.ts); the real-n8n end-to-end test gives the node an SMTP
	 * credential for a loopback mailbox (scripts/lib/mailbox.ts), picked in the node as a user picks theirs
	 * (scripts/e2e/mailExamples.ts). Either way `mailCheck` reads what was sent.
	 */
	mail?: boolean;
	/**
	 * Checks the e-mail the run sent (the stand-in's messages in `npm start` and the n8n-core tests, the messages
	 * the mailbox received in real n8n), with the run's outputs and the sandbox; throws with a reason when they are
	 * wrong. Returns lines describing the result.
	 */
	mailCheck?(mails: DeliveredMail[], out: OutputOf, api: SandboxApi): Promise<string[]>;
}

/** A request to the sandbox's API with a key of the run's credential, outside n8n. */
export type SandboxApi = (
	method: string,
	path: string,
	body?: unknown,
) => Promise<{ status: number; body: Json }>;

export function sandboxApi(baseUrl: string, apiKey: string): SandboxApi {
	return async (method, path, body) => {
		const response = await fetch(`${baseUrl}${path}`, {
			method,
			headers: {
				Authorization: `Bearer ${apiKey}`,
				...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
	};
}

export const CREDENTIAL_ID = 'SpSandboxCred001';
export const CREDENTIAL_NAME = 'Social Publishing account';
/** The Redis credential the Redis example names (the queue-mode test imports one with this id). */
export const REDIS_CREDENTIAL_ID = 'SpExampleRedis01';
/** The Postgres credential the PostgreSQL example names (the queue-mode test imports one with this id). */
export const POSTGRES_CREDENTIAL_ID = 'SpExamplePostgr1';
/** The tables the PostgreSQL example upserts into, as SQL. */
export const ANALYTICS_TABLES_SQL = 'analytics-rows-tables.sql';

export function loadExample(example: Example): WorkflowFile {
	return JSON.parse(
		readFileSync(join(REPO_ROOT, 'examples', example.file), 'utf8'),
	) as WorkflowFile;
}

export function ensure(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

function one(out: OutputOf, node: string): Json {
	const items = out(node);
	ensure(items.length === 1, `"${node}" should put out one item, got ${items.length}`);
	return items[0];
}

const isUrl = (value: unknown): value is string =>
	typeof value === 'string' && /^https?:\/\//.test(value);

type Post = Json & {
	text?: string;
	media_ids?: string[];
	media?: Array<{ media_id?: string; alt_text?: string | null }>;
};
type PlatformObject = { enabled?: boolean; posts?: Post[]; settings?: Json };
const platformsOf = (draft: Json) =>
	(draft.platforms ?? {}) as Record<string, PlatformObject | undefined>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const EXAMPLES: Example[] = [
	{
		file: 'draft-thread-next-free-slot.json',
		title:
			'Draft a thread from text, check it with Validate Only, tag it and schedule it into the next free queue slot',
		check(out) {
			const checked = one(out, 'Check the Thread');
			ensure(
				checked.valid === true,
				`Validate Only should find the thread valid, found ${JSON.stringify(checked.problems)}`,
			);
			const draft = one(out, 'Schedule Thread in Next Free Slot');
			const platforms = draft.platforms as Record<string, { posts: unknown[] }>;
			ensure(
				draft.status === 'scheduled',
				`the draft should be scheduled, is "${String(draft.status)}"`,
			);
			ensure(typeof draft.scheduled_date === 'string', 'the draft should have a scheduled date');
			ensure(
				Array.isArray(draft.tags) && draft.tags.includes('weekly-tips'),
				`the draft should carry the tag weekly-tips, has ${JSON.stringify(draft.tags)}`,
			);
			ensure(
				platforms.x?.posts?.length === 3,
				`the X thread should have 3 posts, has ${platforms.x?.posts?.length}`,
			);
			return [
				`draft ${String(draft.id)} scheduled for ${String(draft.scheduled_date)} with tags ${(draft.tags as string[]).join(', ')}; X thread of ${platforms.x.posts.length} posts`,
			];
		},
	},
	{
		file: 'content-pipeline-validate-then-create.json',
		title:
			'A content pipeline: rows checked with Validate Only, drafts created for the rows that pass, the rest reported with their problems',
		check(out) {
			const checked = out('Validate Rows');
			ensure(checked.length === 3, `"Validate Rows" should put out 3 items, got ${checked.length}`);
			ensure(
				checked.every((item) => item.validate_only === true),
				'every row should be checked with Validate Only',
			);
			const draft = one(out, 'Create Draft');
			ensure(
				draft.draft_title === 'Tuesday tip' && draft.status === 'planned',
				`only "Tuesday tip" should be created, planned; got "${String(draft.draft_title)}" ${String(draft.status)}`,
			);
			const report = out('Report Rows With Problems');
			ensure(
				same(
					report.map((row) => row.title),
					['Launch recap', 'Spring sale'],
				),
				`the report should list Launch recap and Spring sale, lists ${JSON.stringify(report.map((row) => row.title))}`,
			);
			const [launch, sale] = report.map((row) => (row.problems ?? []) as string[]);
			ensure(
				launch.length === 2 &&
					launch.some((p) => p.includes('X post 1 a length of 308')) &&
					launch.some((p) => p.includes('Bluesky post 1 a length of 308')),
				`Launch recap should be too long for X and Bluesky, has ${JSON.stringify(launch)}`,
			);
			ensure(
				sale.length === 1 && sale[0].includes('"spring-sale"'),
				`Spring sale should have the unknown tag spring-sale, has ${JSON.stringify(sale)}`,
			);
			return [
				`draft ${String(draft.id)} "Tuesday tip" planned for ${String(draft.scheduled_date)}`,
				`reported: Launch recap (${launch.length} problems), Spring sale (${sale.length} problem)`,
			];
		},
		async sandboxCheck(_out, api) {
			const { status, body } = await api('GET', '/v2/social-sets/101/drafts?limit=50');
			ensure(status === 200, `listing drafts answered ${status}`);
			const titles = ((body.results ?? []) as Json[]).map((draft) => draft.draft_title);
			ensure(
				titles.filter((title) => title === 'Tuesday tip').length === 1 &&
					!titles.includes('Launch recap') &&
					!titles.includes('Spring sale'),
				`the service should hold one "Tuesday tip" and none of the rows with problems, holds ${JSON.stringify(titles)}`,
			);
			return ['the service holds the one draft that passed, and none of the others'];
		},
	},
	{
		file: 'long-text-auto-split.json',
		title:
			'One long text auto-split into a thread per platform, each post within its limit and numbered',
		check(out) {
			const draft = one(out, 'Create Auto-Split Draft');
			const platforms = draft.platforms as Record<string, { posts: Array<{ text: string }> }>;
			const limits = { x: 280, bluesky: 300, mastodon: 500, linkedin: 3000 } as const;
			const counts: string[] = [];
			for (const [platform, limit] of Object.entries(limits) as Array<
				[keyof typeof limits, number]
			>) {
				const posts = platforms[platform]?.posts ?? [];
				ensure(posts.length > 0, `${platform} should have posts`);
				for (const post of posts) {
					const length = postLength(platform, post.text);
					ensure(
						length <= limit,
						`a ${platform} post is ${length} long, over ${limit}: ${JSON.stringify(post.text)}`,
					);
				}
				if (posts.length > 1)
					ensure(
						posts.every((post, k) => post.text.endsWith(` ${k + 1}/${posts.length}`)),
						`the ${platform} posts should be numbered k/${posts.length}`,
					);
				counts.push(`${platform} ${posts.length}`);
			}
			ensure(
				platforms.x.posts.length > platforms.mastodon.posts.length &&
					platforms.mastodon.posts.length > 1,
				`X should need more posts than Mastodon, and Mastodon more than one: ${counts.join(', ')}`,
			);
			ensure(
				platforms.linkedin.posts.length === 1,
				'LinkedIn should keep the whole text as one post',
			);
			return [
				`draft ${String(draft.id)}: posts per platform ${counts.join(', ')}, each within its limit`,
			];
		},
	},
	{
		file: 'image-publish-now.json',
		title:
			'Upload an image from binary data, attach it with alt text, publish now to X and LinkedIn and wait for the URLs',
		check(out) {
			const media = one(out, 'Upload Image');
			ensure(media.status === 'ready', `the media should be ready, is "${String(media.status)}"`);
			ensure(
				media.alt_text === 'A bar chart of weekly sign-ups, rising each week',
				`the media should carry the alt text, has ${JSON.stringify(media.alt_text)}`,
			);
			const published = one(out, 'Publish Now and Wait');
			const urls = published.published_urls as Record<string, unknown>;
			ensure(
				published.status === 'published',
				`the draft should be published, is "${String(published.status)}"`,
			);
			ensure(
				isUrl(urls?.x) && isUrl(urls?.linkedin),
				`both published URLs should be there, got ${JSON.stringify(urls)}`,
			);
			return [
				`media ${String(media.media_id)} ready with alt text`,
				`draft ${String(published.id)} published: X ${String(urls.x)}, LinkedIn ${String(urls.linkedin)}`,
			];
		},
	},
	{
		file: 'edit-one-platform-keep-the-rest.json',
		title:
			'Update only the X text of an X and Bluesky draft with an image: media, alt text, options and Bluesky stay; a link post is scheduled, not published now',
		check(out) {
			const media = one(out, 'Upload Image');
			const created = one(out, 'Create Draft for X and Bluesky');
			const read = one(out, 'Read Back Both Platforms');
			const before = platformsOf(created);
			const after = platformsOf(read);
			const x = after.x?.posts?.[0];
			ensure(
				x?.text === 'Weekly active users are up 12% this week, our best week yet.',
				`the X text should be the new one, is ${JSON.stringify(x?.text)}`,
			);
			ensure(
				same(x?.media_ids, [media.media_id]),
				`the X post should keep the image ${String(media.media_id)}, has ${JSON.stringify(x?.media_ids)}`,
			);
			ensure(
				x?.media?.[0]?.alt_text === media.alt_text,
				`the X image should keep its alt text, has ${JSON.stringify(x?.media)}`,
			);
			ensure(
				x?.made_with_ai === true && x?.reply_settings === 'following',
				`the X options should stay, got ${JSON.stringify(x)}`,
			);
			ensure(
				same(after.bluesky, before.bluesky),
				`Bluesky should be as created: ${JSON.stringify(before.bluesky)}, is ${JSON.stringify(after.bluesky)}`,
			);
			ensure(
				after.bluesky?.posts?.[0]?.hide_link_preview === true &&
					same(after.bluesky?.posts?.[0]?.media_ids, [media.media_id]),
				'Bluesky should keep its image and hidden link preview',
			);
			const scheduled = one(out, 'Schedule Link Post');
			ensure(
				scheduled.status === 'scheduled',
				`the link post should be scheduled, is "${String(scheduled.status)}"`,
			);
			const refused = one(out, 'Try to Publish Link Post Now');
			const error = (refused.error ?? {}) as Json;
			ensure(
				/cannot be published now: X post 1 contains a URL.*Rules on platform content 5/.test(
					String(error.message),
				),
				`publishing the link post now should be refused naming rule 5, got ${JSON.stringify(refused)}`,
			);
			return [
				`draft ${String(read.id)}: X text changed; image ${String(media.media_id)} with alt text, Made With AI and replies from followed accounts kept on X; Bluesky unchanged`,
				`link post ${String(scheduled.id)} scheduled for ${String(scheduled.scheduled_date)}; publishing it now refused: ${String(error.message)}`,
			];
		},
		async sandboxCheck(out, api) {
			const scheduled = one(out, 'Schedule Link Post');
			const path = `/v2/social-sets/${String(scheduled.social_set_id)}/drafts/${String(scheduled.id)}`;
			const now = await api('PATCH', path, { publish_at: 'now' });
			const code = (now.body.error as Json | undefined)?.code;
			ensure(
				now.status === 403 && code === 'FORBIDDEN',
				`the sandbox should refuse to publish the link post now with 403 FORBIDDEN, answered ${now.status} ${JSON.stringify(now.body)}`,
			);
			const after = await api('GET', path);
			ensure(
				after.body.status === 'scheduled',
				`the link post should still be scheduled, is "${String(after.body.status)}"`,
			);
			return [
				`the sandbox itself refuses PATCH publish_at=now on link post ${String(scheduled.id)}: ${now.status} ${String(code)}; it stays scheduled`,
			];
		},
	},
	{
		file: 'weekly-queue-report.json',
		title: 'Weekly queue report: free and taken slots for the next 7 days',
		check(out) {
			const days = out('Count Free and Taken Slots');
			ensure(days.length === 7, `the report should have 7 days, has ${days.length}`);
			for (const day of days) {
				ensure(
					/^\d{4}-\d{2}-\d{2}$/.test(String(day.date)),
					`each day should have a date, got ${JSON.stringify(day.date)}`,
				);
				ensure(
					typeof day.free_slots === 'number' && typeof day.taken_slots === 'number',
					`each day should count free and taken slots, got ${JSON.stringify(day)}`,
				);
			}
			const free = days.reduce((sum, d) => sum + Number(d.free_slots), 0);
			const taken = days.reduce((sum, d) => sum + Number(d.taken_slots), 0);
			ensure(free + taken > 0, 'the seeded queue schedule should give slots in 7 days');
			return [
				`${days.length} days from ${String(days[0].date)}: ${free} free and ${taken} taken slots`,
				...days.map(
					(d) =>
						`  ${String(d.date)}: ${String(d.free_slots)} free, ${String(d.taken_slots)} taken`,
				),
			];
		},
	},
	weeklyDigestExample,
	{
		file: 'published-urls-on-publish.json',
		title: 'On draft.published (trigger), collect the published URLs per platform',
		trigger: true,
		check(out) {
			const event = one(out, 'Social Publishing Trigger');
			ensure(
				event.event === 'draft.published',
				`the trigger should put out the draft.published event, got ${JSON.stringify(event.event)}`,
			);
			const collected = one(out, 'Collect Published URLs');
			const urls = collected.published_urls as Record<string, unknown>;
			ensure(
				urls && typeof urls === 'object' && Object.keys(urls).length > 0,
				`published URLs should be collected, got ${JSON.stringify(collected)}`,
			);
			for (const [platform, url] of Object.entries(urls))
				ensure(isUrl(url), `the ${platform} URL should be a URL, got ${JSON.stringify(url)}`);
			return [
				`draft ${String(collected.draft_id)} published: ${Object.entries(urls)
					.map(([p, u]) => `${p} ${String(u)}`)
					.join(', ')}`,
			];
		},
	},
	{
		file: 'rows-to-drafts-once.json',
		title:
			'Each row drafted once (Remove Duplicates keyed on the row id): running the same rows again creates nothing; a bad row goes to the error output',
		check(out) {
			const drafted = out('Drafted Rows');
			ensure(
				same(
					drafted.map((d) => d.row_id),
					['row-101', 'row-102'],
				),
				`rows 101 and 102 should be drafted, got ${JSON.stringify(drafted)}`,
			);
			ensure(
				drafted.every((d) => typeof d.draft_id === 'number'),
				`each drafted row should carry its draft id, got ${JSON.stringify(drafted)}`,
			);
			const failed = one(out, 'Rows That Failed');
			ensure(
				failed.row_id === 'row-103' && /text/i.test(String(failed.error)),
				`row 103 (empty text) should go to the error output with a message about the text, got ${JSON.stringify(failed)}`,
			);
			return [
				`first run: ${drafted.map((d) => `${String(d.row_id)} -> draft ${String(d.draft_id)}`).join(', ')}; ${String(failed.row_id)} on the error output: ${String(failed.error)}`,
			];
		},
		again: {
			check(out) {
				const kept = out('Skip Rows Already Drafted');
				ensure(
					kept.length === 0,
					`the second run should let no row through, let ${JSON.stringify(kept.map((k) => k.row_id))}`,
				);
				ensure(
					out('Create Draft').length === 0 && out('Drafted Rows').length === 0,
					'Create Draft should not run in the second run',
				);
				return [
					`second run with the same 3 rows: Skip Rows Already Drafted kept 0, Create Draft did not run`,
				];
			},
		},
		async sandboxCheck(out, api) {
			const drafted = out('Drafted Rows');
			const lines: string[] = [];
			for (const { row_id: row, draft_id: id } of drafted) {
				const read = await api('GET', `/v2/social-sets/101/drafts/${String(id)}`);
				ensure(read.status === 200, `draft ${String(id)} of ${String(row)} should exist`);
				const text = (platformsOf(read.body).x?.posts?.[0]?.text ?? '') as string;
				const list = await api('GET', '/v2/social-sets/101/drafts?limit=50&order_by=-created_at');
				ensure(list.status === 200, `listing the drafts answered ${list.status}`);
				const results = (list.body.results ?? []) as Json[];
				ensure(text !== '', `draft ${String(id)} of ${String(row)} should have an X text`);
				const copies = results.filter((d) => d.preview === text);
				ensure(
					copies.length === 1,
					`the sandbox should hold one draft with the text of ${String(row)}, holds ${copies.length}`,
				);
				lines.push(`${String(row)}: one draft in the sandbox (${String(id)}) after both runs`);
			}
			return lines;
		},
	},
	{
		file: 'webhook-once-across-processes.json',
		title:
			'Each webhook delivery once across n8n processes: a Redis counter per delivery_id and an If right after the trigger',
		trigger: true,
		redis: true,
		check(out) {
			const event = one(out, 'Social Publishing Trigger');
			ensure(
				typeof event.delivery_id === 'string' && /^[0-9a-f]{32}$/.test(event.delivery_id),
				`the trigger should put out a delivery_id, got ${JSON.stringify(event.delivery_id)}`,
			);
			const count = one(out, 'Count This Delivery')[`delivery:${event.delivery_id}`];
			ensure(count === 1, `the first delivery should count 1, counted ${JSON.stringify(count)}`);
			const collected = one(out, 'Collect Published URLs');
			ensure(
				collected.delivery_id === event.delivery_id &&
					collected.draft_id === (event.draft as Json).id,
				`the run should go on with the delivered draft, got ${JSON.stringify(collected)}`,
			);
			return [
				`delivery ${event.delivery_id} counted 1: draft ${String(collected.draft_id)} went on`,
			];
		},
		again: {
			check(out, first) {
				const event = one(first, 'Social Publishing Trigger');
				const count = one(out, 'Count This Delivery')[`delivery:${String(event.delivery_id)}`];
				ensure(count === 2, `the copy should count 2, counted ${JSON.stringify(count)}`);
				ensure(
					out('Collect Published URLs').length === 0,
					'the copy should stop at First Delivery? (false branch)',
				);
				return [
					`a second execution of the same delivery (as a second worker runs one that got past the trigger's checks): counted 2, stopped at First Delivery?`,
				];
			},
		},
	},
	{
		file: 'poll-published-or-failed.json',
		title:
			'Poll Trigger (no webhook): each draft published or failed since the last check, with its outcome and URLs',
		poll: true,
		check(out) {
			const events = out('Social Publishing Poll Trigger');
			const outcomes = out('Summarise Outcome');
			ensure(events.length > 0, 'the poll trigger should put out at least one event');
			ensure(
				outcomes.length === events.length,
				`one outcome per event expected, got ${outcomes.length} for ${events.length}`,
			);
			return events.map((event, index) => {
				const outcome = outcomes[index];
				const draft = event.draft as Json | undefined;
				ensure(
					draft && outcome.draft_id === draft.id,
					`outcome ${index} should be about draft ${String(draft?.id)}, is about ${String(outcome.draft_id)}`,
				);
				if (event.event === 'draft.published') {
					const urls = outcome.published_urls as Record<string, unknown>;
					ensure(
						outcome.outcome === 'published' && outcome.status === 'published',
						`draft ${String(draft.id)} should be published, got ${JSON.stringify(outcome)}`,
					);
					ensure(
						urls && Object.keys(urls).length > 0 && Object.values(urls).every(isUrl),
						`published URLs expected for draft ${String(draft.id)}, got ${JSON.stringify(urls)}`,
					);
					return `draft ${String(draft.id)} published: ${Object.entries(urls)
						.map(([p, u]) => `${p} ${String(u)}`)
						.join(', ')}`;
				}
				ensure(
					event.event === 'draft.failed',
					`only draft.published and draft.failed are chosen, got ${JSON.stringify(event.event)}`,
				);
				ensure(
					outcome.outcome === 'failed' && outcome.status === 'error',
					`draft ${String(draft.id)} should have failed with status error, got ${JSON.stringify(outcome)}`,
				);
				return `draft ${String(draft.id)} failed (status error)`;
			});
		},
	},
	{
		file: 'analytics-top-posts-and-followers.json',
		title: 'Analytics: top posts of the last 30 days by impressions, and the followers series',
		check(out) {
			const top = out('Top 5 Posts');
			ensure(
				top.length > 0 && top.length <= 5,
				`between 1 and 5 top posts expected, got ${top.length}`,
			);
			const impressions = top.map((p) => Number((p.metrics as Json | undefined)?.impressions));
			ensure(
				impressions.every((n, i) => Number.isFinite(n) && (i === 0 || impressions[i - 1] >= n)),
				`top posts should be sorted by impressions, got ${impressions.join(', ')}`,
			);
			const followers = one(out, 'Followers Series');
			const series = followers.data as Array<{ date: string; followers_count: number }>;
			ensure(Array.isArray(series) && series.length > 0, 'the followers series should have days');
			return [
				`top ${top.length} posts by impressions: ${impressions.join(', ')}`,
				`followers: ${series.length} days, ${series[0].date} ${series[0].followers_count} -> ${series[series.length - 1].date} ${series[series.length - 1].followers_count} (current ${String(followers.current_followers_count)})`,
			];
		},
	},
	{
		file: 'best-times-to-queue.json',
		title:
			'Analytics > Get Best Times: weekday-hour slots ranked by engagement rate, the best 5 applied as the queue schedule',
		check(out) {
			const slots = out('Best Times of the Last 90 Days');
			ensure(slots.length >= 5, `at least 5 ranked slots expected, got ${slots.length}`);
			const rates = slots.map((slot) => Number(slot.median_engagement_rate));
			ensure(
				rates.every((rate, i) => Number.isFinite(rate) && (i === 0 || rates[i - 1] >= rate)),
				`slots should be ranked by median engagement rate, got ${rates.join(', ')}`,
			);
			ensure(
				slots.every((slot, i) => slot.rank === i + 1 && slot.in_queue_schedule === i < 5),
				'ranks 1, 2, ... expected, the first 5 in the queue schedule',
			);
			const written = (slots[0].queue_schedule as Json | undefined)?.rules;
			const now = one(out, 'Queue Schedule Now');
			ensure(
				JSON.stringify(now.rules) === JSON.stringify(written),
				`Get Schedule should show the rules written, got ${JSON.stringify(now.rules)}`,
			);
			const best = slots
				.slice(0, 5)
				.map(
					(slot) =>
						`${String(slot.day)} ${String(slot.hour)}:00 (${(Number(slot.median_engagement_rate) * 100).toFixed(2)}%)`,
				);
			return [
				`${slots.length} slots ranked in ${String(slots[0].time_zone)}; best 5: ${best.join(', ')}`,
				`queue schedule now: ${JSON.stringify(now.rules)}`,
			];
		},
		async sandboxCheck(out, api) {
			const { body } = await api('GET', '/v2/social-sets/102/queue/schedule');
			const written = (out('Best Times of the Last 90 Days')[0]?.queue_schedule as Json | undefined)
				?.rules;
			ensure(
				JSON.stringify(body.rules) === JSON.stringify(written),
				`the service's schedule should be the one written, got ${JSON.stringify(body.rules)}`,
			);
			return [
				`the service's queue schedule of set 102 holds the ${(written as unknown[]).length} rules written`,
			];
		},
	},
	recyclingExample,
	reviewExample,
	bulkImportExample,
	campaignImportExample,
	{
		file: 'analytics-rows-to-postgres.json',
		title:
			'Analytics as rows upserted into PostgreSQL every day: one row per X post and one per day of followers, keyed for the upsert',
		postgres: true,
		check(out) {
			const posts = out('Post Rows of the Last 30 Days');
			const upserted = out('Upsert Post Rows');
			ensure(posts.length > 0, 'Get Posts should put out rows');
			const keys = posts.map((row) => String(row.key));
			ensure(
				new Set(keys).size === keys.length && keys.every((key) => /^x:\d+$/.test(key)),
				`each post row should have its own key x:<post id>, got ${JSON.stringify(keys.slice(0, 5))}`,
			);
			ensure(
				same(
					upserted.map((row) => row.key),
					keys,
				),
				`the upsert should give back one row per post row (${keys.length}), gave ${upserted.length}`,
			);
			const days = out('Follower Rows of the Last 30 Days');
			const upsertedDays = out('Upsert Follower Rows');
			ensure(
				days.length > 0 && upsertedDays.length === days.length,
				`one follower row upserted per day expected, got ${upsertedDays.length} of ${days.length}`,
			);
			return [
				`${upserted.length} post rows and ${upsertedDays.length} follower rows upserted on their key`,
			];
		},
	},
];
