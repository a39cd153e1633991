/** Recorded requests and deliveries kept at most (oldest dropped in batches), so long runs stay bounded. */
export const MAX_RECORDED = 50_000;

export function pushCapped<T>(list: T[], item: T): void {
	list.push(item);
	if (list.length > MAX_RECORDED + 1000) list.splice(0, list.length - MAX_RECORDED);
}
