/**
 * The review example (examples/review-before-scheduling.json, docs/review-before-publishing.md): a schedule
 * with Require Resolved Comments refused while a reviewer's thread is open, naming it, and accepted once the
 * thread is resolved.
 */
import type { Example, Json, OutputOf } from './catalog';
import { ensure } from './catalog';

const SET = 101;
const ANCHOR = 'by 40%';
const COMMENT = 'Is 40% right? The benchmark page says 35%.';

function one(out: OutputOf, node: string): Json {
	const items = out(node);
	ensure(items.length === 1, `"${node}" should put out one item, got ${items.length}`);
	return items[0];
}

export const reviewExample: Example = {
	file: 'review-before-scheduling.json',
	title:
		'Review before scheduling: Schedule with Require Resolved Comments refused while a thread is open, naming it; scheduled once it is resolved',
	check(out) {
		const created = one(out, 'Create Draft for Review');
		const thread = one(out, 'Reviewer Opens a Thread');
		ensure(
			thread.status === 'unresolved' && thread.selected_text === ANCHOR,
			`the reviewer's thread should be open on "${ANCHOR}", got ${JSON.stringify(thread)}`,
		);
		ensure(
			out('Schedule While a Thread Is Open').length === 0,
			'the first Schedule should put nothing on its success output',
		);
		const refused = one(out, 'Read the Refusal');
		const message = String(refused.refusal);
		ensure(
			refused.draft_id === created.id &&
				message.includes('Require Resolved Comments') &&
				message.includes(`draft ${String(created.id)} has 1 unresolved comment thread:`) &&
				message.includes(`x on "${ANCHOR}"`) &&
				message.includes(`"${COMMENT}"`),
			`the first Schedule should be refused naming the thread (x, "${ANCHOR}", the comment), got ${JSON.stringify(refused)}`,
		);
		ensure(
			String(refused.what_to_do).startsWith('Nothing was sent.'),
			`the refusal should say nothing was sent, got ${JSON.stringify(refused.what_to_do)}`,
		);
		const between = one(out, 'Draft Status After Refusal');
		ensure(
			between.id === created.id &&
				between.status === created.status &&
				between.status !== 'scheduled',
			`after the refusal the draft should still be ${String(created.status)}, is ${String(between.status)}`,
		);
		const resolved = one(out, 'Resolve the Thread');
		ensure(
			resolved.id === thread.id && resolved.status === 'resolved',
			`the thread should be resolved, got ${JSON.stringify(resolved)}`,
		);
		const scheduled = one(out, 'Schedule Once Resolved');
		ensure(
			scheduled.id === created.id &&
				scheduled.status === 'scheduled' &&
				typeof scheduled.scheduled_date === 'string',
			`the second Schedule should schedule draft ${String(created.id)}, got ${String(scheduled.status)}`,
		);
		return [
			`draft ${String(created.id)} with thread ${String(thread.id)} on "${ANCHOR}": Schedule refused: ${message}`,
			`after the refusal the draft is ${String(between.status)}; thread resolved; scheduled for ${String(scheduled.scheduled_date)}`,
		];
	},
	async sandboxCheck(out, api) {
		const id = String(one(out, 'Create Draft for Review').id);
		const draft = await api('GET', `/v2/social-sets/${SET}/drafts/${id}`);
		ensure(
			draft.status === 200 && draft.body.status === 'scheduled',
			`draft ${id} should be scheduled on the service, is ${String(draft.body.status)}`,
		);
		const threads = `/v2/social-sets/${SET}/drafts/${id}/comment-threads`;
		const open = await api('GET', `${threads}?status=unresolved`);
		ensure(
			open.status === 200 && open.body.count === 0,
			`draft ${id} should have no open thread, the service lists ${JSON.stringify(open.body)}`,
		);
		const all = await api('GET', `${threads}?status=all`);
		const statuses = ((all.body.results ?? []) as Json[]).map((t) => t.status);
		ensure(
			statuses.length === 1 && statuses[0] === 'resolved',
			`draft ${id} should hold its one thread, resolved, holds ${JSON.stringify(statuses)}`,
		);
		return [`the service holds draft ${id} scheduled, with its one thread resolved and none open`];
	},
};
