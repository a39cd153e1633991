import type { KeyName, SandboxFixture } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';

/** Parameters of the queue operations, and a direct call to the sandbox to set up drafts that occupy slots. */

export const queueParams = (
	operation: string,
	id: number,
	extra: Record<string, unknown> = {},
) => ({
	resource: 'queue',
	operation,
	socialSetId: byId(id),
	...extra,
});

export const slotsParams = (
	id: number,
	startDate: unknown,
	endDate: unknown,
	output?: 'day' | 'slot',
) => queueParams('getSlots', id, { startDate, endDate, options: output ? { output } : {} });

/** Creates a scheduled X draft straight through the API (setup, not the node under test); returns its scheduled date. */
export async function scheduleDraft(
	fx: SandboxFixture,
	socialSetId: number,
	publishAt: string,
	key: KeyName = 'admin',
): Promise<string> {
	const response = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/${socialSetId}/drafts`, {
		method: 'POST',
		headers: {
			Authorization: `Bearer ${fx.sandbox.keys[key]}`,
			'Content-Type': 'application/json',
		},
		body: JSON.stringify({
			platforms: { x: { enabled: true, posts: [{ text: 'Queued post' }], settings: {} } },
			publish_at: publishAt,
		}),
	});
	const draft = (await response.json()) as { scheduled_date?: string };
	if (response.status !== 201 || !draft.scheduled_date)
		throw new Error(`Setup draft failed: ${response.status} ${JSON.stringify(draft)}`);
	return draft.scheduled_date;
}
