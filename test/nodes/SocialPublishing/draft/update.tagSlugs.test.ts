import { useSandbox } from '../../../harness/sandbox';
import { runFresh } from '../../../harness/nodeRun';
import { draftParams, seedDraft } from './fixtures';

/**
 * Tag slugs given by ID or expression ("Tag Names or IDs") are checked against the social set's tags before the
 * draft is sent (Drafts: create body, tags are "slugs of existing tags"). Social set 101 has launch and weekly-tips.
 */
const fx = useSandbox();

beforeEach(async () => await fx.sandbox.reset());

describe('Draft > Create and Update: tag slugs checked before the write', () => {
	test('an unknown slug on Update is refused before the PATCH', async () => {
		const draft = await seedDraft(fx);
		const { result, requests } = await runFresh(
			fx,
			draftParams('update', {
				draftId: String(draft.id),
				contentType: 'keep',
				updateFields: { tags: '={{ ["missing-tag"] }}' },
			}),
		);
		expect(result.error?.message).toContain(
			'Parameter "Tag Names or IDs" has a tag slug that social set 101 does not have: "missing-tag"',
		);
		expect(requests.map((r) => r.method)).toEqual(['GET']);
	});
});
