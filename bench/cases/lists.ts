import type { INodeParameters } from 'n8n-workflow';
import { Problems } from '../../nodes/SocialPublishing/actions/draft/validateOnly/collect';
import { kindOfUrl, spreadMedia } from '../../nodes/SocialPublishing/helpers/mediaRules';
import { byId, runNode } from '../lib/nodeRunner';
import { count, median, ms, times } from '../lib/stats';
import type { BenchCase, Row } from '../lib/types';

/**
 * Lists an item gives (issue 25): Spread Media over many Media URLs and the problems of Validate Only, each timed
 * through the node and as the growth of its work from N to 4N (linear: about 4×; the quadratic code before: 16×).
 */

const RUNS = 5;
const GROWTH_TARGET = 10;

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://media.invalid/p${i}.png`);

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

async function timed(run: () => Promise<unknown>): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < RUNS; i++) {
		const start = process.hrtime.bigint();
		await run();
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}
	return median(times);
}

/** Draft > Create of a text post on X in social set 101, with `extra` parameters (also the Tag Names case's). */
export const create = (extra: Record<string, unknown>): INodeParameters => ({
	resource: 'draft',
	operation: 'create',
	socialSetId: byId(101),
	contentType: 'posts',
	platforms: ['x'],
	contentMode: 'text',
	...extra,
});

const overLong = (n: number) =>
	Array.from({ length: n }, (_, i) => `${i} ${'x'.repeat(300)}`).join('\n---\n');

export const lists: BenchCase = {
	id: 'lists',
	title: 'Spread Media and Validate Only over long lists',
	async run({ sandbox, log }) {
		await sandbox.fresh();
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		const node = (parameters: INodeParameters) => async () => {
			const outcome = await runNode(target, parameters);
			if (outcome.failed) throw new Error('the item failed');
			return outcome;
		};

		const spread100 = await timed(
			node(
				create({
					text: 'Many',
					mediaUrls: urls(100).join(','),
					contentOptions: { spreadMedia: true },
					options: { validateOnly: true },
				}),
			),
		);
		const refused = await timed(async () => {
			const outcome = await runNode(
				target,
				create({
					text: 'Many',
					mediaUrls: urls(10_000).join(','),
					contentOptions: { spreadMedia: true },
				}),
			);
			if (outcome.failed !== 1) throw new Error('10,000 Media URLs were not refused');
		});
		log(`Spread Media, 100 Media URLs: ${ms(spread100)}; 10,000 refused in ${ms(refused)}`);
		const one = (n: number) => [{ text: 'one', media: urls(n) }];
		const spreadGrowth =
			msPerCall(() => spreadMedia('x', one(10_000), 4, kindOfUrl)) /
			msPerCall(() => spreadMedia('x', one(2_500), 4, kindOfUrl));

		let itemChars = 0;
		let problemsChars = 0;
		const validate20k = await timed(async () => {
			const outcome = await node(
				create({ text: overLong(20_000), options: { validateOnly: true } }),
			)();
			itemChars = JSON.stringify(outcome.items[0].json).length;
			problemsChars = JSON.stringify(outcome.items[0].json.problems).length;
		});
		log(`Validate Only, 20,000 problems: ${ms(validate20k)}, item ${count(itemChars)} characters`);
		const note = (n: number) => () => {
			const problems = new Problems();
			for (let i = 0; i < n; i++)
				problems.add(`Parameter "Text" gives X post ${i + 1} a length of 300`);
			problems.verdict();
		};
		const problemsGrowth = msPerCall(note(20_000)) / msPerCall(note(5_000));

		return [
			{
				case: 'Spread Media over 100 Media URLs (the most an item takes), X',
				measure: 'one Validate Only run through the engine against the sandbox, median',
				result: ms(spread100),
				target: 'info',
			},
			{
				case: '10,000 Media URLs',
				measure: 'refused before any request (over the cap of 100), one run through the engine',
				result: ms(refused),
				target: 'info',
			},
			{
				case: 'Spread Media, 10,000 vs 2,500 media',
				measure: 'growth of the work (linear: about 4×, quadratic 16×)',
				result: times(spreadGrowth),
				target: `≤ ${GROWTH_TARGET}×`,
				met: spreadGrowth <= GROWTH_TARGET,
			},
			{
				case: 'Validate Only with 20,000 posts over X\u2019s limit',
				measure: `one run through the engine, median; the item ${count(itemChars)} characters (the body as it would be sent), its problems ${count(problemsChars)}`,
				result: ms(validate20k),
				target: 'info',
			},
			{
				case: 'Validate Only problems, 20,000 vs 5,000',
				measure: 'growth of the work of noting them (linear: about 4×, quadratic 16×)',
				result: times(problemsGrowth),
				target: `≤ ${GROWTH_TARGET}×`,
				met: problemsGrowth <= GROWTH_TARGET,
			},
		] satisfies Row[];
	},
};
