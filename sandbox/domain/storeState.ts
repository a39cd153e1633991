import type { Store } from './store';

/**
 * Extension beyond the contract: a JSON copy of what the service holds that the API's writes change
 * (drafts with their posts, media records, tags, queue schedules, comment threads with their comments),
 * for tests that compare the service's state after two runs. Maps become arrays of their values in
 * insertion order (tags and schedules keyed by social set), dates ISO strings.
 */
export interface StoreState {
	drafts: unknown[];
	media: unknown[];
	tags: Array<{ socialSetId: number; tags: unknown[] }>;
	queueSchedules: Array<{ socialSetId: number; rules: unknown[] }>;
	commentThreads: unknown[];
}

function plain(value: unknown): unknown {
	if (value instanceof Date) return value.toISOString();
	if (value instanceof Map) {
		const out: unknown[] = [];
		for (const entry of value.values()) out.push(plain(entry));
		return out;
	}
	if (Array.isArray(value)) return value.map(plain);
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [key, field] of Object.entries(value)) out[key] = plain(field);
		return out;
	}
	return value;
}

export function storeState(store: Store): StoreState {
	const tags: StoreState['tags'] = [];
	for (const [socialSetId, list] of store.tags)
		tags.push({ socialSetId, tags: plain(list) as unknown[] });
	const queueSchedules: StoreState['queueSchedules'] = [];
	for (const [socialSetId, rules] of store.queueSchedules)
		queueSchedules.push({ socialSetId, rules: plain(rules) as unknown[] });
	return {
		drafts: plain(store.drafts) as unknown[],
		media: plain(store.media) as unknown[],
		tags,
		queueSchedules,
		commentThreads: plain(store.commentThreads) as unknown[],
	};
}
