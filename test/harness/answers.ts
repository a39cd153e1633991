import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

/**
 * Calls `then` once this process has read the whole answer to the next `method` request it sends, in the turn
 * of the event loop after: the node has had the answer and gone on to what follows it (a wait, say). Node's
 * http.client.response.finish channel names each request and its answer. Order, not time: it holds on a
 * loaded machine, where a timer may land in the request instead. Returns a function that stops listening
 * (for when no such request came).
 */
export function afterAnswerTo(method: string, then: () => void): () => void {
	const channel = 'http.client.response.finish';
	const onAnswer = (message: unknown) => {
		const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
		if (request.method !== method) return;
		unsubscribe(channel, onAnswer);
		response.once('end', () => setImmediate(then));
	};
	subscribe(channel, onAnswer);
	return () => unsubscribe(channel, onAnswer);
}
