/**
 * What the webhook trigger passes through (docs/security.md, "What the service sends back"): a delivery's draft
 * reaches the workflow as the service sent it, except the credential's key and webhook secret, which are replaced
 * wherever they stand (a user may have pasted either into a draft; the service sends the draft back in its events).
 * The action node and the poll trigger do the same (test/nodes/SocialPublishing/router.passThrough.test.ts,
 * test/nodes/SocialPublishingPollTrigger/secretsOut.test.ts).
 */
import { REDACTED } from '../../../nodes/common/text/redact';
import { draftDetail, post, SECRET, signedDelivery } from './deliveries';
import { startTrigger } from './startTrigger';

const KEY = 'sp_passthrough_key_9876543210';
const credentials = { apiKey: KEY, baseUrl: 'http://127.0.0.1:9', webhookSecret: SECRET };

async function deliver(data: Record<string, unknown>, rawPayload: boolean) {
	const server = await startTrigger({ credentials, options: { rawPayload } });
	try {
		const answer = await post(server.url, signedDelivery({ event: 'draft.created', data }));
		await server.idle();
		expect(answer.status).toBe(200);
		expect(server.errors).toEqual([]);
		expect(server.runs).toHaveLength(1);
		return server.runs[0].items;
	} finally {
		await server.close();
	}
}

describe('Social Publishing Trigger: a delivery’s data passed through without the credential’s secrets', () => {
	test.each([false, true])(
		'the key and the webhook secret in a draft are replaced, in texts and field names, and the rest stays (Output Raw Payload %s)',
		async (rawPayload) => {
			const text = `Paste: ${KEY} and ${SECRET} and token: abc123 stays`;
			const data = draftDetail(7, {
				preview: text,
				private_url: `https://app.example/p?k=${encodeURIComponent(KEY)}`,
				labels: { [SECRET]: 'seen' },
				platforms: { x: { enabled: true, posts: [{ text }], settings: {} } },
			});
			const [item] = await deliver(data, rawPayload);
			const draft = (rawPayload ? item.data : item.draft) as Record<string, unknown>;
			const out = JSON.stringify(item);
			expect(out).not.toContain(KEY);
			expect(out).not.toContain(encodeURIComponent(KEY));
			expect(out).not.toContain(SECRET);
			const cleaned = `Paste: ${REDACTED} and ${REDACTED} and token: abc123 stays`;
			expect(draft.preview).toBe(cleaned);
			expect(draft.private_url).toBe(`https://app.example/p?k=${REDACTED}`);
			expect(draft.labels).toEqual({ [REDACTED]: 'seen' });
			expect(draft.platforms).toEqual({
				x: { enabled: true, posts: [{ text: cleaned }], settings: {} },
			});
			const changed = ['preview', 'private_url', 'labels', 'platforms'];
			for (const [field, value] of Object.entries(data))
				if (!changed.includes(field)) expect(draft[field]).toEqual(value);
			expect(item.event).toBe('draft.created');
		},
	);
});
