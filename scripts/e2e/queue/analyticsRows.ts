/**
 * The PostgreSQL example (examples/analytics-rows-to-postgres.json) in real n8n against the queue-mode test's
 * PostgreSQL server: the tables of examples/analytics-rows-tables.sql in a database of their own, a Postgres
 * credential for it, and two runs over overlapping date ranges with the sandbox's metrics changed between them.
 * Afterwards PostgreSQL must hold exactly one row per post of either range, each with the metrics of the last
 * run that covered it, and one row per day of the followers series.
 *
 * Run 1 is the example as saved (the X posts of the last 30 days). Run 2 is the same workflow with its Get Posts
 * range moved back (45 to 15 days ago, a backfill), imported over it under the same id: the posts 15 to 29
 * days old are in both runs and must carry run 2's metrics; the newer ones keep run 1's, the older ones are new.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { DateTime } from 'luxon';
import type { Sandbox } from '../../../sandbox';
import {
	ANALYTICS_TABLES_SQL,
	EXAMPLES,
	ensure,
	loadExample,
	sandboxApi,
} from '../../examples/catalog';
import { REPO_ROOT } from '../../lib/pack';
import type { N8nInstance } from '../n8n';
import { executeWorkflow, forInstance, importPostgresCredential } from '../prepare';
import { Postgres, psql } from './services';
import { importWorkflow } from './workflows';

const DATABASE = 'social_analytics';
const SET = 101;
const POSTS_NODE = 'Post Rows of the Last 30 Days';
/** Days back of the given posts: one a day at noon in the set's time zone, yesterday to 50 days ago. */
const DAYS = 50;

/** The given posts: run `round` has other metrics for the same posts (same times, so the same ids). */
function givenPosts(today: DateTime, round: number) {
	return Array.from({ length: DAYS }, (_, k) => {
		const back = k + 1;
		return {
			created_at: today.minus({ days: back }).set({ hour: 12 }).toUTC().toISO() as string,
			impressions: 1000 * round + back,
			likes: 10 * round + (back % 7),
			comments: round,
			preview_text: `Analytics rows e2e: ${back} days ago`,
		};
	});
}

interface ServicePost {
	post_id: string;
	created_at: string;
	metrics: { impressions: number; engagement: { likes: number } };
}

/** The posts as the sandbox's API gives them now (outside n8n): post id to days back and metrics. */
async function servicePosts(sandbox: Sandbox, today: DateTime) {
	const api = sandboxApi(sandbox.baseUrl, sandbox.keys.admin);
	const range = `start_date=${today.minus({ days: DAYS + 1 }).toISODate()}&end_date=${today.toISODate()}`;
	const byId = new Map<string, { back: number; impressions: number; likes: number }>();
	for (let offset = 0; ; offset += 100) {
		const { status, body } = await api(
			'GET',
			`/v2/social-sets/${SET}/analytics/x/posts?${range}&limit=100&offset=${offset}`,
		);
		ensure(status === 200, `the sandbox answered ${status} for its analytics posts`);
		for (const post of body.results as ServicePost[]) {
			const back = Math.round(
				today.diff(DateTime.fromISO(post.created_at).setZone(today.zone).startOf('day'), 'days')
					.days,
			);
			byId.set(post.post_id, {
				back,
				impressions: post.metrics.impressions,
				likes: post.metrics.engagement.likes,
			});
		}
		if (!body.next) break;
	}
	return byId;
}

/** The workflow with its Get Posts range set to fixed dates (what a user does for a backfill). */
function withPostsRange(workflow: ReturnType<typeof loadExample>, start: string, end: string) {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			node.name === POSTS_NODE
				? { ...node, parameters: { ...node.parameters, startDate: start, endDate: end } }
				: node,
		),
	};
}

export async function checkAnalyticsRows(
	n8n: N8nInstance,
	pg: Postgres,
	sandbox: Sandbox,
): Promise<string[]> {
	const example = EXAMPLES.find((e) => e.postgres);
	ensure(example, 'no PostgreSQL example in the catalog');
	const workflow = forInstance(n8n, loadExample(example));
	const lines: string[] = [];

	await psql(pg, `create database ${DATABASE}`);
	const db: Postgres = { ...pg, database: DATABASE };
	await psql(db, readFileSync(join(REPO_ROOT, 'examples', ANALYTICS_TABLES_SQL), 'utf8'));
	await importPostgresCredential(n8n, db);
	lines.push(
		`database "${DATABASE}" on PostgreSQL ${pg.port} with the tables of examples/${ANALYTICS_TABLES_SQL}; Postgres credential imported`,
	);

	const zone = (
		await sandboxApi(sandbox.baseUrl, sandbox.keys.admin)('GET', `/v2/social-sets/${SET}`)
	).body.timezone as string;
	const today = DateTime.fromJSDate(sandbox.clock.now(), { zone: zone || 'UTC' }).startOf('day');
	const run = async (label: string) => {
		const result = await executeWorkflow(n8n, workflow.id);
		if (result.status !== 'success')
			throw new Error(`${label}: run status "${result.status}": ${result.error ?? ''}`);
		const fetched = result.output(POSTS_NODE)[0]?.fetched_at as string | undefined;
		lines.push(`${label}: ${example.check(result.output).join('; ')}`);
		return { output: result.output, fetched };
	};

	ensure(sandbox.setAnalyticsPosts(SET, { posts: givenPosts(today, 1) }) === DAYS, 'posts set');
	const first = await servicePosts(sandbox, today);
	const one = await run('run 1, the example as saved (the last 30 days)');
	const firstKeys = one.output(POSTS_NODE).map((row) => row.key);

	ensure(sandbox.setAnalyticsPosts(SET, { posts: givenPosts(today, 2) }) === DAYS, 'posts set');
	const second = await servicePosts(sandbox, today);
	ensure(
		[...first.keys()].sort().join() === [...second.keys()].sort().join(),
		'the sandbox should keep the post ids when only the metrics change',
	);
	const start = today.minus({ days: 45 }).toISODate() as string;
	const end = today.minus({ days: 15 }).toISODate() as string;
	await importWorkflow(n8n, withPostsRange(workflow, start, end));
	const two = await run(`run 2, metrics changed, Get Posts from ${start} to ${end}`);

	// Run 1's range ends on n8n's today (UTC here), which can be a day off the set's: its posts are the ones it put out.
	const inRun1 = new Set(firstKeys.map(String));
	ensure(
		[...inRun1].every((key) => {
			const post = first.get(key.slice(2));
			return post !== undefined && post.back <= 30;
		}) && inRun1.size >= 28,
		`run 1 should put out the posts of the last 30 days, put out ${inRun1.size}`,
	);
	const expected = new Map<string, { back: number; impressions: number; likes: number }>();
	for (const [id, post] of second)
		if (post.back >= 15 && post.back <= 45) expected.set(`x:${id}`, post);
	for (const [id, post] of first)
		if (inRun1.has(`x:${id}`) && !expected.has(`x:${id}`)) expected.set(`x:${id}`, post);

	const stored = (
		await psql(
			db,
			'select key, impressions, likes, fetched_at from social_post_metrics order by key',
		)
	)
		.split('\n')
		.filter(Boolean)
		.map((line) => {
			const [key, impressions, likes, fetchedAt] = line.split('|');
			return { key, impressions: Number(impressions), likes: Number(likes), fetchedAt };
		});
	const problems: string[] = [];
	if (stored.length !== expected.size)
		problems.push(`PostgreSQL holds ${stored.length} post rows, ${expected.size} expected`);
	if (new Set(stored.map((row) => row.key)).size !== stored.length)
		problems.push('a post is stored twice');
	let newest = 0;
	for (const row of stored) {
		const want = expected.get(row.key);
		if (!want) {
			problems.push(`${row.key} is stored but is in neither range`);
			continue;
		}
		if (row.impressions !== want.impressions || row.likes !== want.likes)
			problems.push(
				`${row.key} (${want.back} days ago) holds impressions ${row.impressions}, likes ${row.likes}; expected ${want.impressions}, ${want.likes}`,
			);
		if (want.back >= 15 && inRun1.has(row.key)) newest++;
	}
	const followers = await psql(
		db,
		"select count(*) || '|' || count(distinct date) || '|' || count(*) filter (where fetched_at = (select max(fetched_at) from social_follower_counts)) from social_follower_counts",
	);
	const [days, distinctDays, latest] = followers.split('|').map(Number);
	const followerRows = two.output('Follower Rows of the Last 30 Days').length;
	if (days !== followerRows || distinctDays !== days || latest !== days)
		problems.push(
			`social_follower_counts holds ${days} rows for ${distinctDays} dates (${latest} from the last run); ${followerRows} days expected, each once, all from the last run`,
		);
	if (problems.length) throw new Error(problems.slice(0, 12).join('\n'));
	lines.push(
		`PostgreSQL: ${stored.length} post rows, one per post of either range; the ${newest} posts in both runs carry run 2's metrics, the others those of the one run that read them`,
		`PostgreSQL: ${days} follower rows, one per date, all from run 2 (fetched ${String(two.fetched)}, run 1 ${String(one.fetched)})`,
	);
	return lines;
}
