/**
 * What a bulk run must show: the node's output items in input order, each paired with its own input item and
 * carrying the id of the draft stored for it; at the sandbox each item's text stored exactly once.
 */
import type { Sandbox } from '../../../sandbox';
import { ensure } from '../../examples/catalog';
import { bulkText } from './workflow';

/** One output item as n8n stores it in the run data. */
export interface RunItem {
	json: Record<string, unknown>;
	pairedItem?: { item: number } | Array<{ item: number }> | number;
}

/** One node's run in the run data: its output items on the first output and how long it ran. */
export interface NodeRun {
	executionTime?: number;
	error?: { message?: string };
	data?: { main?: Array<RunItem[] | null> };
}

const pairedIndex = (paired: RunItem['pairedItem']): number | undefined => {
	if (typeof paired === 'number') return paired;
	if (Array.isArray(paired)) return paired.length === 1 ? paired[0].item : undefined;
	return paired?.item;
};

/** Draft ids by text for the drafts the sandbox holds whose text begins with `tag `. */
function storedDrafts(sandbox: Sandbox, tag: string): Map<string, number[]> {
	const byText = new Map<string, number[]>();
	for (const draft of sandbox.state().drafts as Array<{
		id: number;
		platforms: { x?: { posts?: Array<{ text?: string }> } };
	}>) {
		const text = draft.platforms.x?.posts?.[0]?.text ?? '';
		if (!text.startsWith(`${tag} `)) continue;
		byText.set(text, [...(byText.get(text) ?? []), draft.id]);
	}
	return byText;
}

/** Checks one bulk run of `count` items tagged `tag`; returns a line describing it. */
export function checkBulkRun(
	sandbox: Sandbox,
	run: NodeRun | undefined,
	tag: string,
	count: number,
): string {
	ensure(run, 'the node did not run');
	ensure(!run.error, `the node failed: ${run.error?.message ?? ''}`);
	const items = run.data?.main?.[0] ?? [];
	const failed = items.filter((item) => item.json.error !== undefined);
	ensure(
		failed.length === 0,
		`${failed.length} of ${items.length} items failed, the first: ${JSON.stringify(failed[0]?.json ?? {}).slice(0, 300)}`,
	);
	ensure(items.length === count, `the node put out ${items.length} items, expected ${count}`);
	const stored = storedDrafts(sandbox, tag);
	const twice = [...stored].filter(([, ids]) => ids.length > 1);
	ensure(
		twice.length === 0,
		`${twice.length} texts stored more than once, e.g. "${twice[0]?.[0]}" as drafts ${twice[0]?.[1].join(', ')}`,
	);
	ensure(
		stored.size === count,
		`the sandbox holds ${stored.size} drafts tagged "${tag}", expected ${count}`,
	);
	items.forEach((item, k) => {
		const ids = stored.get(bulkText(tag, k));
		ensure(ids, `no draft stored with the text "${bulkText(tag, k)}"`);
		ensure(
			pairedIndex(item.pairedItem) === k,
			`output item ${k} is paired with ${JSON.stringify(item.pairedItem)}, not with input item ${k}`,
		);
		ensure(
			Number(item.json.id) === ids[0],
			`output item ${k} is draft ${String(item.json.id)}, but item ${k}'s text is draft ${ids[0]}`,
		);
	});
	return `${count} items out in input order, each paired with its input item and naming the one draft stored with its text (${count} texts, none twice, none missing), 0 failed`;
}
