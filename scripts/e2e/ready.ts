/**
 * When an n8n server is ready. While its database connects and migrates, n8n answers every route past
 * its health checks with HTTP 200 and the text "n8n is starting up. Please wait" (its abstract server,
 * in 1.x and 2.x alike), so a 200 alone does not say a route is served: a route is served when it
 * answers 200 with JSON.
 */

/** True when the answer came from the route itself: 200 and a JSON body, not the start-up text. */
export function isServed(res: Response): boolean {
	return res.ok && (res.headers.get('content-type') ?? '').includes('application/json');
}

/** True while the answer is n8n's start-up text rather than the route's own answer. */
export function isStartingUp(res: Response): boolean {
	return res.ok && !(res.headers.get('content-type') ?? '').includes('application/json');
}

/** Whether `url` is served now (a refused connection is "not yet"). */
export async function serves(url: string): Promise<boolean> {
	try {
		const res = await fetch(url);
		await res.arrayBuffer();
		return isServed(res);
	} catch {
		return false;
	}
}
