/**
 * What the poll trigger passes through (docs/security.md, "What the service sends back"): the drafts it emits are
 * the service's data, as the service sent them, except the credential's key and webhook secret, which are replaced
 * wherever they stand (a user may have pasted either into a draft). Against the sandbox over HTTP (spec: Endpoints >
 * Drafts, the list and the detail), in an active poll and in a manual one (the latest draft as a sample).
 */
import { REDACTED } from '../../../nodes/common/text/redact';
import { useSandbox } from '../../harness/sandbox';
import { api, pollRunner } from './fixtures';

const fx = useSandbox({});

beforeEach(async () => {
	await fx.sandbox.reset();
});

describe('Social Publishing Poll Trigger: the drafts it emits carry no secret of the credential', () => {
	test.each([['trigger'], ['manual']] as const)(
		'a draft holding the key and the webhook secret comes out with both replaced, and its other texts as they are (%s)',
		async (mode) => {
			const sb = api(fx.sandbox);
			const { admin } = fx.sandbox.keys;
			const { webhookSecret } = fx.sandbox;
			const runner = pollRunner(fx, {
				events: ['draft.created'],
				options: { draftOutput: 'detail' },
			});
			if (mode === 'trigger') expect((await runner.poll()).items).toBeNull();
			const text = `Key ${admin}, secret ${webhookSecret}, and apiKey=xyz789 of our docs`;
			const made = await sb.create(text, { draft_title: `About ${admin}` });

			const outcome = await runner.poll(mode);

			expect(outcome.error).toBeUndefined();
			expect(outcome.items).toHaveLength(1);
			const item = outcome.items![0].json;
			const out = JSON.stringify(item);
			expect(out).not.toContain(admin);
			expect(out).not.toContain(webhookSecret);
			const draft = item.draft as Record<string, unknown>;
			expect(draft.id).toBe(made.id);
			expect(draft.draft_title).toBe(`About ${REDACTED}`);
			expect(out).toContain(`Key ${REDACTED}, secret ${REDACTED}, and apiKey=xyz789 of our docs`);
		},
	);
});
