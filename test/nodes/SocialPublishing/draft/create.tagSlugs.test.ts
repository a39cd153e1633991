import { useSandbox } from '../../../harness/sandbox';
import { expectRejectedBeforeSending, runFresh } from '../../../harness/nodeRun';
import { createText } from './fixtures';

/**
 * Tag slugs given by ID or expression ("Tag Names or IDs") are checked against the social set's tags before the
 * draft is sent (Drafts: create body, tags are "slugs of existing tags"). Social set 101 has launch and weekly-tips.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Create and Update: tag slugs checked before the write', () => {
	test('known slugs pass, read once with Tag Names in the same run, and are sent as stored', async () => {
		const { result, requests } = await runFresh(
			fx,
			createText('Tagged', ['x'], {
				additionalFields: { tags: '={{ ["LAUNCH"] }}', tagNames: 'Weekly Tips' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v2/social-sets/101/tags',
			'POST /v2/social-sets/101/drafts',
		]);
		expect(requests[1].body).toMatchObject({ tags: ['launch', 'weekly-tips'] });
	});

	test('an unknown slug on Create is refused after the tag read, naming it, and nothing is written', async () => {
		const message = await expectRejectedBeforeSending(
			fx,
			createText('Tagged', ['x'], {
				additionalFields: { tags: '={{ ["launch", "nope", "gone"] }}' },
			}),
			{
				parameter: 'Tag Names or IDs',
				problem: 'has tag slugs that social set 101 does not have: "nope", "gone"',
				sentBefore: 1,
			},
		);
		expect(message).toContain('[item 0]');
		expect(fx.apiRequests()[0]).toMatchObject({ method: 'GET', path: '/v2/social-sets/101/tags' });
	});
});
