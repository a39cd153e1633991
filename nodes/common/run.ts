/**
 * The node run a context belongs to. The router runs items in flight together, each in a lane of its own
 * (a view of the run's context, so what is noted per request stays with its item); what is read once per
 * run (the credential, a social set's tags or time zone) is kept by the run, so lanes share it.
 */
const runs = new WeakMap<object, object>();

/** A new lane of `run`: it has everything `run` has, and an identity of its own. */
export function newLane<T extends object>(run: T): T {
	const lane = Object.create(run) as T;
	runs.set(lane, runOf(run));
	return lane;
}

/** The run of a lane; any other context is its own run. */
export function runOf(context: object): object {
	return runs.get(context) ?? context;
}
