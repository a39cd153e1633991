/**
 * The list moving under a poll while it pages: a loopback server answers the drafts list as the spec describes
 * it (Endpoints > Drafts: ordered by -updated_at; Paged envelope: results, count, limit, offset, next), and a
 * test script deletes a draft between two page requests, which the sandbox cannot be made to do on cue.
 */
import { buildNodeTypes } from '../../harness/nodeTypes';
import { createPollRunner } from '../../harness/pollRuntime';
import { ScriptedServer, type ReceivedRequest } from '../../harness/scriptedServer';
import { byId, CREDENTIAL } from '../../harness/workflows';
import { eventsOf, POLL_NODE, POLL_TYPE } from './fixtures';

const T0 = Date.parse('2026-03-01T10:00:00Z');

interface Row {
	id: number;
	status: string;
	created_at: string;
	updated_at: string | null;
}

const row = (id: number): Row => ({
	id,
	status: 'draft',
	created_at: new Date(T0 + id * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
	updated_at: null,
});

let server: ScriptedServer;
let rows: Row[] = [];
let onPage: (request: ReceivedRequest) => void = () => {};

function listAnswer(request: ReceivedRequest) {
	if (request.method !== 'GET' || !/^\/v2\/social-sets\/101\/drafts$/.test(request.path))
		return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'not scripted' } } };
	const limit = Number(request.query.get('limit') ?? 10);
	const offset = Number(request.query.get('offset') ?? 0);
	const ordered = [...rows].sort(
		(a, b) =>
			Date.parse(b.updated_at ?? b.created_at) - Date.parse(a.updated_at ?? a.created_at) ||
			b.id - a.id,
	);
	const results = ordered.slice(offset, offset + limit);
	const next =
		offset + limit < ordered.length
			? `${server.baseUrl}${request.path}?limit=${limit}&offset=${offset + limit}`
			: null;
	onPage(request);
	return { body: { results, count: ordered.length, limit, offset, next, previous: null } };
}

beforeAll(async () => {
	server = await new ScriptedServer().start();
	server.otherwise(listAnswer);
});

afterAll(async () => {
	await server.stop();
});

function runner() {
	return createPollRunner({
		workflow: {
			nodes: [
				{
					id: 'poll',
					name: POLL_NODE,
					type: POLL_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						socialSetId: byId(101),
						events: ['draft.created'],
						options: { draftOutput: 'summary' },
					},
					credentials: CREDENTIAL,
				},
			],
			connections: {},
		},
		pollNode: POLL_NODE,
		nodeTypes: buildNodeTypes(),
		credentials: {
			socialPublishingApi: { apiKey: 'sp_scripted', baseUrl: server.baseUrl, webhookSecret: '' },
		},
	});
}

test('a draft deleted between two page requests makes the poll read again from the top, so no draft is skipped', async () => {
	rows = Array.from({ length: 60 }, (_, i) => row(i + 1));
	const poll = runner();
	expect((await poll.poll()).items).toBeNull();

	rows.push(...Array.from({ length: 100 }, (_, i) => row(61 + i)));
	let deleted = false;
	onPage = (request) => {
		// after the first page of the second poll went out, draft 150 (on that page) is deleted: the list moves up by one
		if (!deleted && request.query.get('offset') === '0') {
			deleted = true;
			rows = rows.filter((r) => r.id !== 150);
		}
	};
	server.requests.length = 0;
	const second = await poll.poll();
	onPage = () => {};

	expect(second.error).toBeUndefined();
	const ids = eventsOf(second.items).map(([, id]) => id);
	expect(new Set(ids).size).toBe(ids.length);
	// 110 moved from the second page onto the first one while the poll read; it is still emitted
	expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => 61 + i));
	const offsets = server.requests.map((r) => r.query.get('offset'));
	expect(offsets.slice(0, 3)).toEqual(['0', '49', '0']);

	server.requests.length = 0;
	expect((await poll.poll()).items).toBeNull();
	expect(server.requests).toHaveLength(1);
});

test('without a move, pages overlap by one draft and the poll stops at the first page that reaches the cursor', async () => {
	rows = Array.from({ length: 60 }, (_, i) => row(i + 1));
	const poll = runner();
	await poll.poll();
	rows.push(...Array.from({ length: 80 }, (_, i) => row(61 + i)));
	server.requests.length = 0;
	const second = await poll.poll();
	expect(eventsOf(second.items)).toHaveLength(80);
	expect(server.requests.map((r) => r.query.get('offset'))).toEqual(['0', '49']);
	expect(
		server.requests.every(
			(r) => r.query.get('order_by') === '-updated_at' && r.query.get('limit') === '50',
		),
	).toBe(true);
});
