/**
 * Spread Media and leadingFit (helpers/mediaRules.ts) against a model of the rule as it reads (each post keeps the
 * longest leading run of the media moved to it and its own that fits one post, at least one; the rest move to the
 * next post, posts with empty text added while media are left), on generated threads, and their growth with the
 * number of media: linear, where the model's pass per post is quadratic.
 *
 * The growth is measured as CPU time of this process (not wall-clock time), the minimum of a few interleaved
 * batches, at 2,500 and 10,000 media (the control at 1,000 and 4,000): four times the media take about four times the work when linear and about
 * sixteen times when each post reads all media left (the model, measured as a control). No absolute time is asserted.
 */
import fc from 'fast-check';
import type { MediaKind } from '../../../../nodes/SocialPublishing/helpers/mediaRules';
import {
	fitsOnePost,
	leadingFit,
	MEDIA_RULES,
	spreadMedia,
} from '../../../../nodes/SocialPublishing/helpers/mediaRules';
import type { PostPlatform } from '../../../../nodes/common/platforms';
import { cpuGrowth, perCall } from '../../../harness/cpu';

type Post<T> = { text: string; media: readonly T[] };

/** The rule as it reads, one pass over the media left for every post (the implementation before issue 25). */
function model<T>(
	platform: PostPlatform,
	posts: ReadonlyArray<Post<T>>,
	max: number,
	kindOf: (media: T) => MediaKind,
) {
	const out = posts.map((post) => ({ text: post.text, media: [...post.media], added: false }));
	for (let index = 0; index < out.length; index++) {
		const media = out[index].media;
		const kinds = media.map(kindOf);
		let keep = Math.min(kinds.length, max);
		while (keep > 1 && !fitsOnePost(platform, kinds.slice(0, keep), max)) keep--;
		keep = Math.max(keep, Math.min(1, kinds.length));
		if (keep >= media.length) continue;
		const rest = media.splice(keep);
		if (index + 1 === out.length) out.push({ text: '', media: [], added: true });
		out[index + 1].media.unshift(...rest);
	}
	return out;
}

const PLATFORMS = Object.keys(MEDIA_RULES) as PostPlatform[];
const KINDS: MediaKind[] = ['image', 'gif', 'video', 'document', 'unknown'];

/** A thread: posts of media named by their kind and position, so every medium is told apart. */
const threads = fc.array(
	fc.array(fc.constantFrom(...KINDS), { maxLength: 12 }).map((kinds) => kinds),
	{ minLength: 1, maxLength: 6 },
);

function named(thread: MediaKind[][]): Array<Post<string>> {
	let n = 0;
	return thread.map((kinds, index) => ({
		text: `post ${index + 1}`,
		media: kinds.map((kind) => `${kind}#${n++}`),
	}));
}

const kindOfName = (name: string) => name.split('#')[0] as MediaKind;

describe('Spread Media follows the rule on generated threads', () => {
	test('the same posts as the model, on every platform and limit', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...PLATFORMS),
				threads,
				fc.integer({ min: 1, max: 25 }),
				(platform, thread, max) => {
					const posts = named(thread);
					expect(spreadMedia(platform, posts, max, kindOfName)).toEqual(
						model(platform, posts, max, kindOfName),
					);
				},
			),
			{ numRuns: 500 },
		);
	});

	test('every medium once, in order; each post fits or holds a single medium; texts kept, added posts empty', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...PLATFORMS),
				threads,
				fc.integer({ min: 1, max: 25 }),
				(platform, thread, max) => {
					const posts = named(thread);
					const spread = spreadMedia(platform, posts, max, kindOfName);
					expect(spread.flatMap((post) => post.media)).toEqual(posts.flatMap((post) => post.media));
					for (const post of spread)
						if (post.media.length > 1)
							expect(fitsOnePost(platform, post.media.map(kindOfName), max)).toBe(true);
					expect(spread.slice(0, posts.length).map((post) => post.text)).toEqual(
						posts.map((post) => post.text),
					);
					for (const post of spread.slice(posts.length)) {
						expect(post).toMatchObject({ text: '', added: true });
						expect(post.media.length).toBeGreaterThan(0);
					}
				},
			),
			{ numRuns: 500 },
		);
	});

	test('leadingFit from an offset is leadingFit on that part of the list', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...PLATFORMS),
				fc.array(fc.constantFrom(...KINDS), { maxLength: 30 }),
				fc.nat(30),
				fc.nat(30),
				fc.integer({ min: 1, max: 25 }),
				(platform, kinds, a, b, max) => {
					const from = Math.min(a, kinds.length);
					const end = Math.max(from, Math.min(b, kinds.length));
					expect(leadingFit(platform, kinds, max, from, end)).toBe(
						leadingFit(platform, kinds.slice(from, end), max),
					);
				},
			),
			{ numRuns: 500 },
		);
	});

	test("each medium's kind is asked once, however many posts the media make", () => {
		const asked = new Map<string, number>();
		const posts = named([Array.from({ length: 1000 }, () => 'image' as MediaKind)]);
		const spread = spreadMedia('x', posts, 4, (name) => {
			asked.set(name, (asked.get(name) ?? 0) + 1);
			return kindOfName(name);
		});
		expect(spread).toHaveLength(250);
		expect(asked.size).toBe(1000);
		expect([...asked.values()].every((count) => count === 1)).toBe(true);
	});
});

const FULL = 10_000;
const MAX_RATIO = 10;

/**
 * Work at `size` media over work at a quarter of them, one X post (cpuGrowth: measured again while not on the
 * expected side of the bound, as a busy machine can slow one batch).
 */
async function growth(
	spread: typeof spreadMedia<string>,
	size: number,
	side: 'under' | 'over',
): Promise<number> {
	const thread = (n: number) => [
		{ text: 'one', media: Array.from({ length: n }, (_, i) => `image#${i}`) },
	];
	const small = thread(size / 4);
	const large = thread(size);
	spread('x', thread(100), 4, kindOfName);
	const measured = await cpuGrowth(
		() => perCall(() => spread('x', small, 4, kindOfName)),
		() => perCall(() => spread('x', large, 4, kindOfName)),
		MAX_RATIO,
		{ side },
	);
	return measured.ratio;
}

describe('Spread Media grows linearly with the number of media (10,000 vs 2,500 on one X post)', () => {
	test('Spread Media', async () => {
		expect(await growth(spreadMedia, FULL, 'under')).toBeLessThan(MAX_RATIO);
	}, 60_000);

	test('the measure tells: the model, one pass per post, grows quadratically (4,000 vs 1,000)', async () => {
		// about 16x; a busy machine can slow one quarter-size batch (CI read 9.9x from one batch each)
		expect(await growth(model, 4000, 'over')).toBeGreaterThan(MAX_RATIO);
	}, 60_000);
});
