import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../harness/sandbox';
import { byId } from '../harness/workflows';
import { changesInPlace } from '../../nodes/SocialPublishing/actions/parallel/target';
import { watchInFlight } from '../nodes/SocialPublishing/parallel/fixtures';
import { WRITES, shownParameters } from './catalog';
import {
	PROPERTY_SANDBOX,
	baseParameters,
	idSpellings,
	inputItem,
	makeTargets,
	targetIds,
} from './targets';

/**
 * One identity per target: two items of a write that changes a draft, a media or a queue schedule in place,
 * naming one target in two spellings the operation reads as one id (targets.ts `idSpellings`: "5", "05",
 * " 5 ", 5; a UUID in upper case), run one after the other: never two requests in flight at once at the
 * sandbox (every request held 30 ms), as with one spelling. For every such write of the catalog and every
 * field that names its target (parallel/target.ts). Fails on 047da9d, where the target was its text.
 */

const fx = useSandbox({ ...PROPERTY_SANDBOX, mediaProcessingMs: 5, publishDelayMs: 5 });

const IN_PLACE = WRITES.filter((op) => changesInPlace(op.module));
const FIELDS = ['draftId', 'mediaId', 'socialSetId'];

const cases = IN_PLACE.flatMap((op) => {
	const shown = new Set(
		shownParameters({ resource: op.resource, operation: op.operation }).map((p) => p.name),
	);
	const names = new Set(op.module.description.map((field) => field.name));
	// the first field that names a target is the one the ordering reads (draftId before socialSetId)
	const field = FIELDS.find(
		(name) =>
			shown.has(name) &&
			names.has(name) &&
			(name !== 'socialSetId' || op.module.gate?.effects.replacesQueue !== undefined),
	);
	return field ? [{ op, field }] : [];
});

test('the in-place writes of the catalog each have a field naming their target', () => {
	expect(IN_PLACE.length).toBeGreaterThan(3);
	expect(cases.map((c) => c.op.name)).toEqual(IN_PLACE.map((op) => op.name));
});

test.each(cases.map((c) => [`${c.op.name} by ${c.field}`, c] as const))(
	'%s: two spellings of one target never in flight together',
	async (_title, { op, field }) => {
		await fc.assert(
			fc.asyncProperty(fc.nat(), fc.nat(), async (a, b) => {
				await fx.sandbox.reset();
				const targets = await makeTargets(fx);
				const id = targetIds(targets)[field];
				const spellings = idSpellings(field, id);
				const first = spellings[a % spellings.length];
				let second = spellings[b % spellings.length];
				if (second === first) second = spellings[(b + 1) % spellings.length];
				const expression = '={{ $json.target }}';
				const parameters: INodeParameters = {
					...baseParameters(op, targets),
					[field]: field === 'socialSetId' ? byId(expression) : expression,
				};
				const items = [first, second].map((target) => {
					const item = inputItem();
					item.json = { ...item.json, target: target as string };
					return item;
				});
				fx.sandbox.faults.set({ latencyMs: 30, paths: '/v2/' });
				const meter = watchInFlight(fx);
				try {
					await fx.runNode(parameters, { input: items, settings: { continueOnFail: true } });
					expect({ first, second, mostAtOnce: meter.mostAtOnce() }).toEqual({
						first,
						second,
						mostAtOnce: 1,
					});
				} finally {
					meter.stop();
					fx.sandbox.faults.clear();
				}
			}),
			{ numRuns: 2, endOnFailure: true },
		);
	},
	120_000,
);
