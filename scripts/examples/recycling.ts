/**
 * The recycling recipe's example (examples/recycle-evergreen-posts.json, docs/recycling.md): what it
 * needs on the service before it runs, and how to tell from two runs that it recycled the best posts once.
 */
import type { Example, Json, OutputOf, SandboxApi } from './catalog';
import { ensure } from './catalog';

const SET = 101;
const COOLDOWN_DAYS = 60;
const BEST = 3;
const RECYCLED_FROM = 'recycled-from-';

/** Posts the account published to X through the service before, so their analytics name their drafts. */
const EVERGREEN = [
	'Write the headline last: you know what the post says only once it is written.',
	'One idea per post. Two ideas make two posts, and two chances to be read.',
	'Reply to every comment in the first hour; the conversation is the reach.',
	'Reuse your best posts: most followers never saw them the first time.',
];

async function publishToX(api: SandboxApi, text: string): Promise<Json> {
	const created = await api('POST', `/v2/social-sets/${SET}/drafts`, {
		platforms: { x: { enabled: true, posts: [{ text }] } },
		publish_at: 'now',
	});
	ensure(created.status === 201, `publishing "${text}" answered ${created.status}`);
	const deadline = Date.now() + 30_000;
	for (;;) {
		const read = await api('GET', `/v2/social-sets/${SET}/drafts/${String(created.body.id)}`);
		if (read.body.publish_state === 'finished') {
			ensure(read.body.status === 'published', `draft ${String(read.body.id)} did not publish`);
			return read.body;
		}
		ensure(Date.now() < deadline, `draft ${String(created.body.id)} did not finish publishing`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

interface Candidate {
	draft_id: number;
	origin: number;
	rate: number;
	text: string;
}

const tagsOf = (draft: Json) => (Array.isArray(draft.tags) ? (draft.tags as string[]) : []);

/** The origin of a post's draft: its recycled-from- tag when the draft is a copy, else the draft itself. */
function originOf(draftId: number, copies: Json[]): number {
	const copy = copies.find((c) => c.id === draftId);
	const tag = copy && tagsOf(copy).find((t) => t.startsWith(RECYCLED_FROM));
	return tag ? Number(tag.slice(RECYCLED_FROM.length)) : draftId;
}

/** What the recipe should pick from a run's own reads, worked out here without n8n's expressions. */
function expectedPicks(out: OutputOf): { candidates: Candidate[]; picks: Candidate[] } {
	const copies = out('Copies Recycled Before').filter((c) => typeof c.id === 'number');
	const since = Date.now() - COOLDOWN_DAYS * 86_400_000;
	const candidates = out('Posts of the Last 90 Days')
		.filter((post) => typeof post.draft_id === 'number')
		.map((post) => {
			const metrics = post.metrics as { impressions: number; engagement: { total: number } };
			return {
				draft_id: post.draft_id as number,
				origin: originOf(post.draft_id as number, copies),
				rate: metrics.impressions > 0 ? metrics.engagement.total / metrics.impressions : 0,
				text: String(post.preview_text),
			};
		})
		.sort((a, b) => b.rate - a.rate);
	const cooled = (origin: number) =>
		!copies.some(
			(c) =>
				tagsOf(c).includes(`${RECYCLED_FROM}${origin}`) && Date.parse(String(c.created_at)) > since,
		);
	const picks = candidates
		.filter((c, i) => candidates.findIndex((d) => d.origin === c.origin) === i)
		.filter((c) => cooled(c.origin))
		.slice(0, BEST);
	return { candidates, picks };
}

/** The copies the run made, checked against what it should have picked: one per pick, in order, tagged. */
function checkCopies(out: OutputOf, picks: Candidate[]): string[] {
	const chosen = out('Best 3');
	ensure(
		JSON.stringify(chosen.map((c) => c.draft_id)) === JSON.stringify(picks.map((p) => p.draft_id)),
		`the best posts not recycled in ${COOLDOWN_DAYS} days should be drafts ${JSON.stringify(picks.map((p) => p.draft_id))}, the run chose ${JSON.stringify(chosen.map((c) => c.draft_id))}`,
	);
	const copies = out('Duplicate Into Next Free Slot');
	ensure(
		copies.length === picks.length,
		`one copy per pick expected, got ${copies.length} for ${picks.length}`,
	);
	return picks.map((pick, i) => {
		const copy = copies[i];
		const tags = tagsOf(copy);
		ensure(
			copy.status === 'scheduled' && typeof copy.scheduled_date === 'string',
			`the copy of draft ${pick.draft_id} should be scheduled in a free slot, is ${String(copy.status)}`,
		);
		ensure(
			tags.includes('recycled') && tags.includes(`${RECYCLED_FROM}${pick.origin}`),
			`the copy of draft ${pick.draft_id} should be tagged recycled and ${RECYCLED_FROM}${pick.origin}, has ${JSON.stringify(tags)}`,
		);
		const x = (copy.platforms as { x?: { posts?: Array<{ text?: string }> } }).x;
		ensure(
			x?.posts?.[0]?.text === pick.text,
			`the copy of draft ${pick.draft_id} should carry its X text, has ${JSON.stringify(x?.posts?.[0]?.text)}`,
		);
		return `draft ${pick.draft_id} (engagement rate ${(pick.rate * 100).toFixed(2)}%) copied to draft ${String(copy.id)}, scheduled for ${String(copy.scheduled_date)}, tags ${tags.join(', ')}`;
	});
}

export const recyclingExample: Example = {
	file: 'recycle-evergreen-posts.json',
	title:
		'Recycle evergreen posts: the best 3 X posts of the last 90 days by engagement rate copied into the next free slots, tagged; a post recycled in the last 60 days is skipped',
	async setup(api) {
		const published = [];
		for (const text of EVERGREEN) published.push(await publishToX(api, text));
		return [
			`published to X through the service before the run: drafts ${published.map((d) => String(d.id)).join(', ')}`,
		];
	},
	check(out) {
		const { candidates, picks } = expectedPicks(out);
		ensure(
			picks.length === BEST,
			`${BEST} posts should be recycled in the first run, ${picks.length} of ${candidates.length} posts made in the service could be`,
		);
		return [
			`${out('Posts of the Last 90 Days').length} X posts in 90 days, ${candidates.length} made in the service (the others name no draft)`,
			...checkCopies(out, picks),
		];
	},
	again: {
		check(out, first) {
			const recycled = out('Copies Recycled Before');
			const chosen = out('Best 3').map((c) => c.draft_id);
			const firstOrigins = first('Best 3').map((c) => Number(c.origin));
			for (const origin of firstOrigins) {
				ensure(
					recycled.some((c) => tagsOf(c).includes(`${RECYCLED_FROM}${origin}`)),
					`the second run should read the copy of ${origin} back from the service`,
				);
				ensure(
					out('Engagement Rate and Origin').some((c) => c.origin === origin),
					`draft ${origin} should still be a candidate in the second run`,
				);
				ensure(
					!out('Best 3').some((c) => c.origin === origin),
					`draft ${origin}, recycled in the first run, should be skipped in the second, the run chose ${JSON.stringify(chosen)}`,
				);
			}
			const { picks } = expectedPicks(out);
			const lines = checkCopies(out, picks);
			return [
				`second run right after: drafts ${firstOrigins.join(', ')} skipped (copied less than ${COOLDOWN_DAYS} days ago, read back with tag recycled); ${picks.length ? `next best recycled instead: ${picks.map((p) => p.draft_id).join(', ')}` : 'nothing else to recycle'}`,
				...lines,
			];
		},
	},
	async sandboxCheck(out, api) {
		const list = await api('GET', `/v2/social-sets/${SET}/drafts?tag=recycled&limit=50`);
		ensure(list.status === 200, `listing the recycled drafts answered ${list.status}`);
		const copies = (list.body.results ?? []) as Json[];
		return out('Best 3').map((pick) => {
			const ofIt = copies.filter((c) =>
				tagsOf(c).includes(`${RECYCLED_FROM}${String(pick.origin)}`),
			);
			ensure(
				ofIt.length === 1,
				`the service should hold one copy of draft ${String(pick.origin)} after both runs, holds ${ofIt.length}`,
			);
			return `after both runs the service holds one copy of draft ${String(pick.origin)}: draft ${String(ofIt[0].id)} (${String(ofIt[0].status)})`;
		});
	},
};
