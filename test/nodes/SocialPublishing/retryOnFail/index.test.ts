import { useSandbox } from '../../../harness/sandbox';
import { NODE, singleNodeWorkflow } from '../../../harness/workflows';
import { retryMemory } from '../../../../nodes/SocialPublishing/actions/retryOnFail';
import { createText } from '../draft/fixtures';
import { draftsTitled, sent } from './fixtures';

const fx = useSandbox();

beforeEach(() => fx.sandbox.clearRequests());

/** A media id the service does not have: only the service finds that out, so it refuses the item. */
const UNKNOWN_MEDIA = '00000000-0000-4000-8000-000000000000';

describe('Without Retry On Fail (n8n runs the node once)', () => {
	test('a run that fails at its third item keeps nothing in the retry memory; the first two are stored once', async () => {
		const params = createText('={{ $json.text }}', ['x'], {
			mediaIds: '={{ $json.media }}',
			additionalFields: { draftTitle: '={{ $json.title }}' },
		});
		const title = 'no retry';
		const input = [
			{ json: { text: `${title} one`, title, media: '' } },
			{ json: { text: `${title} two`, title, media: '' } },
			{ json: { text: `${title} three`, title, media: UNKNOWN_MEDIA } },
		];
		const before = retryMemory.size.entries;
		const result = await fx.run(singleNodeWorkflow(params), { input });
		expect(result.error?.message).toContain('VALIDATION_ERROR');
		expect(result.error?.context?.itemIndex).toBe(2);
		// with Retry On Fail the two stored items would be remembered for the next try (drafts.test.ts)
		expect(retryMemory.size.entries).toBe(before);
		const stored = await draftsTitled(fx, title);
		expect(stored.map((d) => d.preview).sort()).toEqual([`${title} one`, `${title} two`]);
		expect(sent(fx, 'POST', '/v2/social-sets/101/drafts').map((r) => r.status)).toEqual([
			201, 201, 400,
		]);
	});

	test('with Continue On Fail every item is written and paired as before', async () => {
		const params = createText('={{ $json.text }}', ['x']);
		const input = [{ json: { text: 'first' } }, { json: { text: 'second' } }];
		const before = retryMemory.size.entries;
		const result = await fx.run(singleNodeWorkflow(params, { continueOnFail: true }), { input });
		expect(result.error).toBeUndefined();
		const output = result.output(NODE);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(output.map((item) => item.json.preview)).toEqual(['first', 'second']);
		expect(retryMemory.size.entries).toBe(before);
	});
});
