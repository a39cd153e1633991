import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { apiRequest } from '../../../../nodes/common/transport';
import type { WriteLog } from '../../../../nodes/common/transport/writeWatch';
import { watchWrites } from '../../../../nodes/common/transport/writeWatch';

/** A context whose authenticated request answers with the given status, or fails without an answer. */
function contextAnswering(answer: number | Error): IExecuteFunctions {
	return {
		getNode: () => ({ name: 'Social Publishing', type: 'socialPublishing', typeVersion: 1 }),
		getCredentials: async () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_test' }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, _options: IHttpRequestOptions) => {
				if (answer instanceof Error) throw answer;
				return { statusCode: answer, headers: {}, body: answer < 300 ? { id: 1 } : {} };
			},
		},
	} as unknown as IExecuteFunctions;
}

/** What one request through the transport notes in the log of a watched context. */
async function logAfter(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', answer: number | Error) {
	const context = contextAnswering(answer);
	const watch = { current: { stored: false, unknown: false } as WriteLog };
	watchWrites(context, watch);
	const log = watch.current;
	await apiRequest(context, { method, path: '/v2/social-sets/1/drafts' }).catch(() => undefined);
	return log;
}

describe('the transport notes what each write came to, for Retry On Fail', () => {
	test('a 2xx write is stored, a 4xx write is not, a 5xx or no answer may have been', async () => {
		expect(await logAfter('POST', 201)).toEqual({ stored: true, unknown: false });
		expect(await logAfter('PATCH', 400)).toEqual({ stored: false, unknown: false });
		expect(await logAfter('POST', 500)).toEqual({ stored: false, unknown: true });
		expect(await logAfter('POST', new Error('socket hang up'))).toEqual({
			stored: false,
			unknown: true,
		});
	});

	test('reads are not noted, whatever their answer', async () => {
		expect(await logAfter('GET', 201)).toEqual({ stored: false, unknown: false });
		expect(await logAfter('GET', 400)).toEqual({ stored: false, unknown: false });
	});

	test('a write of an unwatched context is sent and answered as usual', async () => {
		await expect(
			apiRequest(contextAnswering(201), { method: 'POST', path: '/v2/social-sets/1/drafts' }),
		).resolves.toEqual({ id: 1 });
	});

	test('each request is noted in the log that was current when it started', async () => {
		const context = contextAnswering(201);
		const watch = { current: { stored: false, unknown: false } as WriteLog };
		watchWrites(context, watch);
		const first = watch.current;
		const pending = apiRequest(context, { method: 'POST', path: '/v2/social-sets/1/drafts' });
		watch.current = { stored: false, unknown: false };
		await pending;
		expect(first.stored).toBe(true);
		expect(watch.current).toEqual({ stored: false, unknown: false });
	});
});
