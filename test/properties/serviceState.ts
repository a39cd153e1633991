import type { FaultConfig, RecordedRequest, StoreState } from '../../sandbox';

/**
 * The service's state as the property "exactly once" compares it: what the sandbox holds (drafts and their
 * posts, media, tags, comment threads and comments, queue schedules, publish state), with what differs
 * between two equal runs taken out: generated ids (UUIDs) become `<id1>`, `<id2>`, ... in the order they
 * first appear, times are dropped (the scheduled date is kept), a share token counts only as present.
 * Content, counts and order are kept.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIMES = new Set(['createdAt', 'updatedAt', 'publishedAt', 'uploadExpiresAt', 'at']);

function dropTimes(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(dropTimes);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(value)) {
		if (TIMES.has(key)) continue;
		out[key] = key === 'shareToken' ? field !== null : dropTimes(field);
	}
	return out;
}

export function normalizedState(state: StoreState): unknown {
	const ids = new Map<string, string>();
	const text = JSON.stringify(dropTimes(state)).replace(UUID, (id) => {
		const key = id.toLowerCase();
		if (!ids.has(key)) ids.set(key, `<id${ids.size + 1}>`);
		return ids.get(key) as string;
	});
	return JSON.parse(text);
}

/** A short account of a state for a failure message: each draft's status, title, tags and X posts; counts of the rest. */
export function describeState(state: unknown): string {
	const s = state as {
		drafts: Array<{
			id: number;
			status: string;
			title: string | null;
			tags: string[];
			scheduledDate: string | null;
			platforms: Record<string, { posts?: Array<{ text: string; media?: unknown[] }> }>;
		}>;
		media: Array<{ status: string; altText: string | null; uploaded: boolean }>;
		tags: Array<{ socialSetId: number; tags: Array<{ name: string }> }>;
		queueSchedules: Array<{ rules: unknown[] }>;
		commentThreads: Array<{ status: string; comments: Array<{ text: string }> }>;
	};
	const drafts = s.drafts.map((d) => {
		const posts = Object.entries(d.platforms)
			.map(
				([platform, config]) =>
					`${platform}: [${(config.posts ?? [])
						.map(
							(p) =>
								JSON.stringify(
									p.text.replace(/<svc:comment-thread id=<id\d+>>|<\/svc:comment-thread>/g, ''),
								) + (p.media?.length ? `+${p.media.length} media` : ''),
						)
						.join(', ')}]`,
			)
			.join('; ');
		return `draft ${d.id} ${d.status}${d.scheduledDate ? ` at ${d.scheduledDate}` : ''} title=${JSON.stringify(d.title)} tags=${JSON.stringify(d.tags)} ${posts}`;
	});
	const media = s.media.map(
		(m) => `${m.status}${m.uploaded ? '' : ' (no file)'} alt=${JSON.stringify(m.altText)}`,
	);
	const tags = s.tags.flatMap((set) => set.tags.map((t) => t.name));
	const threads = s.commentThreads.map(
		(t) => `${t.status} [${t.comments.map((c) => JSON.stringify(c.text)).join(', ')}]`,
	);
	return [
		...drafts,
		`media: ${media.join(' | ')}`,
		`tags: ${tags.join(', ')}`,
		`threads: ${threads.join(' | ')}`,
		`queue: ${JSON.stringify(s.queueSchedules)}`,
	].join('\n');
}

/** Where a run can fail: the sandbox's faults before the store, after it, and a slow answer past the transport's timeout. */
export interface FaultPoint {
	name: string;
	fault: FaultConfig;
	/** the answer comes after the transport's timeout */
	slow?: boolean;
}

/** The transport's timeout while a slow fault is tested, and how late the slow answer comes. */
export const TEST_TIMEOUT_MS = 400;
export const SLOW_ANSWER_MS = 1_200;

export const FAULT_POINTS: FaultPoint[] = [
	{ name: '503 before the store', fault: { fail503: 1 } },
	{ name: 'dropped connection before the store', fault: { dropConnections: 1 } },
	{ name: '503 after the store', fault: { fail503AfterStore: 1 } },
	{ name: 'dropped connection after the store', fault: { dropAfterStore: 1 } },
	{
		name: 'slow answer after the store (past the timeout)',
		fault: { delayAfterStore: 1, delayAfterStoreMs: SLOW_ANSWER_MS },
		slow: true,
	},
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The write requests (any method but GET) a run sent, in order: the API's and the storage uploads. */
export function writeRequests(requests: RecordedRequest[]): RecordedRequest[] {
	return requests.filter((r) => !READS.has(r.method) && !r.path.startsWith('/__sandbox/'));
}

/**
 * The fault settings that strike write request `index` of a run that sends what the clean run sent: the
 * request's method, its path up to the first generated id (a new upload's id is not known beforehand),
 * and `skip` for the earlier writes that setting also matches.
 */
export function strike(writes: RecordedRequest[], index: number): FaultConfig {
	const target = writes[index];
	const segments = target.path.split('/');
	const cut = segments.findIndex((segment) => new RegExp(`^${UUID.source}$`, 'i').test(segment));
	const paths = cut === -1 ? target.path : `${segments.slice(0, cut).join('/')}/`;
	const skip = writes
		.slice(0, index)
		.filter((r) => r.method === target.method && r.path.includes(paths)).length;
	return { paths, methods: target.method, skip };
}
