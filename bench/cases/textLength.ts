import { splitPostsToLimit } from '../../nodes/SocialPublishing/helpers/text/autoSplit';
import type { PostPlatform } from '../../nodes/common/platforms';
import {
	DEFAULT_LIMITS,
	findOverLength,
	graphemeCount,
	postLength,
	xWeightedLength,
} from '../../nodes/SocialPublishing/helpers/text/textLength';
import { count, median } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

const BATCHES = 5;
const COUNT_TARGET = 500;
const SPLIT_TARGET = 20;

const SENTENCES = [
	'Queue slots beat fixed times because posts go out when your audience is there.',
	'Read the full write-up at https://example.com/blog/2024/queue-slots-explained?utm_source=thread before you change anything.',
	'We tagged every draft, so next week\u2019s report finds it without a search.',
	'Thanks to @[Acme Widgets](urn:li:organization:12345) and @alice for the review \u{1F44D}\u{1F3FD}.',
	'Docs live on docs.example.org/start and the code on github.com/example/scheduler.',
	'\u65E5\u672C\u8A9E\u306E\u6295\u7A3F\u3082\u540C\u3058\u3088\u3046\u306B\u6570\u3048\u307E\u3059\u3002',
	'Is it worth it? Yes: the numbers rose three weeks in a row \u{1F680}\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.',
	'Short one.',
];

/** A text of about `chars` characters: sentences in paragraphs of four, a different mix for each `seed`. */
export function benchText(chars: number, seed: number): string {
	const paragraphs: string[] = [];
	let sentences: string[] = [];
	let length = 0;
	for (let i = seed; length < chars; i++) {
		// Links differ from sentence to sentence and text to text, so no text is a copy of another.
		const sentence = SENTENCES[(i * 7 + seed) % SENTENCES.length]
			.replace('2024/queue', `${seed}/q${i}`)
			.replace('docs.example.org', `docs${i}.example${seed}.org`);
		sentences.push(sentence);
		length += sentence.length + 1;
		if (sentences.length === 4) {
			paragraphs.push(sentences.join(' '));
			sentences = [];
		}
	}
	if (sentences.length) paragraphs.push(sentences.join(' '));
	return paragraphs.join('\n\n').slice(0, chars);
}

/** Calls `step` over the texts for `seconds`, `BATCHES` times; the median calls per second. */
function rate(seconds: number, texts: string[], step: (text: string) => void): number {
	const rates: number[] = [];
	let i = 0;
	for (let batch = 0; batch < BATCHES; batch++) {
		const start = process.hrtime.bigint();
		const until = start + BigInt(Math.round(seconds * 1e9));
		let calls = 0;
		let now = start;
		while (now < until) {
			step(texts[i++ % texts.length]);
			calls++;
			now = process.hrtime.bigint();
		}
		rates.push(calls / (Number(now - start) / 1e9));
	}
	return median(rates);
}

/** Texts that made the earlier expressions take time growing with the square of their length (issue 21). */
const ADVERSARIAL: Array<[string, (n: number) => string]> = [
	['a CJK run ending in a dot', (n) => `${'中'.repeat(n - 1)}.`],
	['an accented run ending in a dot', (n) => `${'é'.repeat(n - 1)}.`],
	['an emoji run ending in a dot', (n) => `${'\u{1F600}'.repeat(n / 2 - 1)}x.`],
	['a run of "@["', (n) => '@['.repeat(n / 2)],
	['a run of spaces', (n) => `a${' '.repeat(n - 2)}b`],
	['a run of quotes after a full stop', (n) => `.${'"'.repeat(n - 1)}`],
	['a hyphen chain ending in a TLD', (n) => `${'a-'.repeat(n / 2 - 3)}ab.com`],
	['"a.a.a.a…"', (n) => 'a.'.repeat(n / 2)],
	['"@a@a@a…"', (n) => '@a'.repeat(n / 2)],
	['a run of "<"', (n) => '<'.repeat(n)],
	// issue 25: parentheses after a domain (the link path), one grapheme of combining marks (grapheme windows, NFC)
	[
		'"https://a.com/" and "(a)" repeated',
		(n) => `https://a.com/${'(a)'.repeat(n / 3)}`.slice(0, n),
	],
	['a letter and combining marks', (n) => `e${'\u0301'.repeat(n - 1)}`],
];
const ADVERSARIAL_CHARS = 100_000;
const PLATFORMS: PostPlatform[] = ['x', 'bluesky', 'threads', 'mastodon', 'linkedin'];

/** Milliseconds of one call: the fastest of three, each repeated until it lasts 20 ms. */
function msPerCall(step: () => void): number {
	let best = Infinity;
	for (let run = 0; run < 3; run++) {
		const start = process.hrtime.bigint();
		let calls = 0;
		let elapsed = 0;
		do {
			step();
			calls++;
			elapsed = Number(process.hrtime.bigint() - start) / 1e6;
		} while (elapsed < 20);
		best = Math.min(best, elapsed / calls);
	}
	return best;
}

const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** One row per adversarial text: each platform's count and Auto-Split for X, per call. */
export function adversarialRows(log: (message: string) => void): Row[] {
	return ADVERSARIAL.map(([name, make]) => {
		const text = make(ADVERSARIAL_CHARS);
		const counts = PLATFORMS.map(
			(platform) => `${platform} ${ms(msPerCall(() => postLength(platform, text)))}`,
		);
		// The length check Draft Create runs (default limits): refused on its size or counted up to the limit.
		const checks = PLATFORMS.map((platform) => {
			const limits = { [platform]: DEFAULT_LIMITS[platform] };
			const platforms = { [platform]: { posts: [{ text }] } };
			return `${platform} ${ms(msPerCall(() => findOverLength(platforms, limits)))}`;
		});
		const split = msPerCall(() => {
			splitPostsToLimit([text], { limit: 280, count: (t) => postLength('x', t) });
		});
		log(
			`${name}: ${counts.join(', ')}; length check ${checks.join(', ')}; Auto-Split for X ${ms(split)}`,
		);
		return {
			case: `Adversarial text of ${count(ADVERSARIAL_CHARS)} characters: ${name}`,
			measure:
				'time per call of each count, of the length check at the default limits, and of Auto-Split into X posts of 280 (linear time)',
			result: `${counts.join(' · ')} · check ${checks.join(' · ')} · Auto-Split X ${ms(split)}`,
			target: 'info',
		};
	});
}

export const textLength: BenchCase = {
	id: 'textLength',
	title: 'Post length counting and Auto-Split',
	async run(context) {
		const { config, log } = context;
		const texts = Array.from({ length: 20 }, (_, seed) => benchText(config.textChars, seed));
		const size = `${count(config.textChars)}-character texts`;
		const xRate = rate(config.textSeconds, texts, (text) => {
			if (xWeightedLength(text) < config.textChars / 2)
				throw new Error('the X count of a bench text is implausibly low');
		});
		log(`X weighted length: ${count(xRate)}/s`);
		const graphemeRate = rate(config.textSeconds, texts, (text) => {
			if (graphemeCount(text) === 0) throw new Error('no graphemes counted');
		});
		let xPosts = 0;
		const splitX = rate(config.textSeconds, texts, (text) => {
			const result = splitPostsToLimit([text], {
				limit: 280,
				count: (t) => postLength('x', t),
				numbering: true,
			});
			if ('problem' in result) throw new Error(result.problem);
			xPosts = result.posts.length;
		});
		log(`Auto-Split for X: ${count(splitX)}/s (${xPosts} posts)`);
		let blueskyPosts = 0;
		const splitBluesky = rate(config.textSeconds, texts, (text) => {
			const result = splitPostsToLimit([text], {
				limit: 300,
				count: (t) => postLength('bluesky', t),
			});
			if ('problem' in result) throw new Error(result.problem);
			blueskyPosts = result.posts.length;
		});
		return [
			{
				case: `Post length of ${size}`,
				measure: 'X weighted length (links 23, emoji and CJK 2, NFC), texts per second on one core',
				result: `${count(xRate)}/s`,
				target: `≥ ${count(COUNT_TARGET)}/s`,
				met: xRate >= COUNT_TARGET,
			},
			{
				case: `Post length of ${size}`,
				measure: 'Bluesky graphemes (Intl.Segmenter), texts per second',
				result: `${count(graphemeRate)}/s`,
				target: 'info',
			},
			{
				case: `Auto-Split of ${size}`,
				measure: `into X posts of at most 280 with "k/N" numbering (${xPosts} posts each), texts per second`,
				result: `${count(splitX)}/s`,
				target: `≥ ${count(SPLIT_TARGET)}/s`,
				met: splitX >= SPLIT_TARGET,
			},
			{
				case: `Auto-Split of ${size}`,
				measure: `into Bluesky posts of at most 300 graphemes (${blueskyPosts} posts each), texts per second`,
				result: `${count(splitBluesky)}/s`,
				target: 'info',
			},
			...adversarialRows(log),
		] satisfies Row[];
	},
};
