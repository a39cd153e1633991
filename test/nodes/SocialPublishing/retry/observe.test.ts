import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { WriteWatcher } from '../../../../nodes/SocialPublishing/actions/retry/observe';

/** A context whose authenticated request answers with the given status, or fails without an answer. */
function contextAnswering(answer: number | Error) {
	const calls: Array<{ self: unknown; method?: string }> = [];
	const context = {
		marker: 'real context',
		getNode() {
			return (this as { marker: string }).marker;
		},
		helpers: {
			httpRequestWithAuthentication(this: unknown, _type: string, options: IHttpRequestOptions) {
				calls.push({ self: this, method: options.method });
				if (answer instanceof Error) return Promise.reject(answer);
				return Promise.resolve({ statusCode: answer, body: {} });
			},
			other: () => 'untouched',
		},
	};
	return { context: context as unknown as IExecuteFunctions, calls, real: context };
}

/** A request as the transport sends it: through the context's helper, called on the context. */
const send = (context: IExecuteFunctions, method: string) =>
	context.helpers.httpRequestWithAuthentication.call(context, 'socialPublishingApi', {
		method,
		url: 'http://x',
	} as IHttpRequestOptions);

async function logAfter(method: string, answer: number | Error) {
	const { context } = contextAnswering(answer);
	const watcher = new WriteWatcher(context);
	const log = watcher.startItem();
	await send(watcher.context, method).catch(() => undefined);
	return log;
}

describe('WriteWatcher', () => {
	test('a 2xx write is stored, a 4xx write is not, a 5xx or no answer may have been', async () => {
		expect(await logAfter('POST', 201)).toEqual({ stored: true, unknown: false });
		expect(await logAfter('PATCH', 400)).toEqual({ stored: false, unknown: false });
		expect(await logAfter('POST', 429)).toEqual({ stored: false, unknown: false });
		expect(await logAfter('DELETE', 503)).toEqual({ stored: false, unknown: true });
		expect(await logAfter('POST', new Error('socket hang up'))).toEqual({
			stored: false,
			unknown: true,
		});
	});

	test('reads are not counted, whatever their answer', async () => {
		expect(await logAfter('GET', 503)).toEqual({ stored: false, unknown: false });
		expect(await logAfter('GET', new Error('ECONNRESET'))).toEqual({
			stored: false,
			unknown: false,
		});
	});

	test('the failure still reaches the caller; methods and other helpers run on the real context', async () => {
		const { context, calls, real } = contextAnswering(new Error('ECONNRESET'));
		const watcher = new WriteWatcher(context);
		const watched = watcher.context;
		await expect(send(watched, 'POST')).rejects.toThrow('ECONNRESET');
		expect(calls[0].self).toBe(real);
		expect(watched.getNode()).toBe('real context');
		expect((watched.helpers as unknown as { other: () => string }).other()).toBe('untouched');
	});

	test('each item starts a fresh log', async () => {
		const { context } = contextAnswering(201);
		const watcher = new WriteWatcher(context);
		const first = watcher.startItem();
		await send(watcher.context, 'POST');
		const second = watcher.startItem();
		expect(first.stored).toBe(true);
		expect(second).toEqual({ stored: false, unknown: false });
	});
});
