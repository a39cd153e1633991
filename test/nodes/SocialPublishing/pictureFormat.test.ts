import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { useSandbox } from '../../harness/sandbox';
import { NODE, byId } from '../../harness/workflows';
import { NODE_PROPERTIES } from '../../properties/catalog';
import { svgOf } from './queue/calendarPicture';
import { pngOf, svgSize } from './helpers/pictureOf';

/**
 * Picture Format on every operation that draws a picture, found in the node's description (an operation whose
 * Options hold `pictureFormat`), run through n8n-core against the sandbox: PNG by default (`image/png`, a `.png`
 * file that decodes, of the size the SVG of the same run gives), SVG when asked.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

const today = DateTime.now().setZone('Europe/Berlin').startOf('day');
const day = (daysBack: number) => today.minus({ days: daysBack }).toISODate() as string;

/** What each operation needs to draw its picture (the picture's own option, a range the sandbox fills). */
const RUNS: Record<string, IDataObject> = {
	'analytics.getBestTimes': { startDate: day(89), endDate: day(0) },
	'analytics.getFollowers': { options: { followersChart: true } },
	'analytics.getPosts': {
		startDate: day(60),
		endDate: day(0),
		returnAll: true,
		options: { topPostsChart: true },
	},
	'queue.getSlots': { startDate: day(0), endDate: day(-6), options: { calendarPicture: true } },
	'queue.getNextFreeSlots': { options: { calendarPicture: true } },
};

/** `resource.operation` of every operation whose Options collection holds Picture Format. */
const withPictureFormat = NODE_PROPERTIES.filter(
	(property) =>
		property.type === 'collection' &&
		((property.options ?? []) as INodeProperties[]).some(
			(option) => option.name === 'pictureFormat',
		),
).flatMap((property) => {
	const show = property.displayOptions?.show ?? {};
	return ((show.resource ?? []) as string[]).flatMap((resource) =>
		((show.operation ?? []) as string[]).map((operation) => `${resource}.${operation}`),
	);
});

describe('Picture Format', () => {
	test('the operations that draw a picture are the ones with Picture Format, PNG by default', () => {
		expect([...withPictureFormat].sort()).toEqual(Object.keys(RUNS).sort());
		const option = NODE_PROPERTIES.flatMap((p) => (p.options ?? []) as INodeProperties[]).find(
			(o) => o.name === 'pictureFormat',
		);
		expect(option).toMatchObject({ displayName: 'Picture Format', default: 'png' });
	});

	test.each(Object.keys(RUNS))(
		"%s: a PNG by default, of the SVG's size; an SVG when asked",
		async (name) => {
			const [resource, operation] = name.split('.');
			const base = { resource, operation, socialSetId: byId(101), platform: 'x', ...RUNS[name] };
			const options = (RUNS[name].options ?? {}) as IDataObject;
			const png = await fx.runNode(base);
			expect(png.error).toBeUndefined();
			const data = png.output(NODE)[0].binary?.data;
			expect(data).toMatchObject({ mimeType: 'image/png', fileExtension: 'png' });
			expect(data?.fileName).toMatch(/\.png$/);
			const svg = await fx.runNode({ ...base, options: { ...options, pictureFormat: 'svg' } });
			const svgData = svg.output(NODE)[0].binary?.data;
			expect(svgData).toMatchObject({ mimeType: 'image/svg+xml', fileExtension: 'svg' });
			expect(svgData?.fileName).toBe(data?.fileName?.replace(/\.png$/, '.svg'));
			const picture = pngOf(png.output(NODE)[0]);
			expect({ width: picture.width, height: picture.height }).toEqual(
				svgSize(svgOf(svg.output(NODE)[0])),
			);
		},
	);
});
