import { mkdirSync, writeFileSync } from 'fs';
import { Session } from 'inspector';
import { join } from 'path';

function post<T>(session: Session, method: string, params?: object): Promise<T> {
	return new Promise((resolve, reject) => {
		session.post(method, params ?? {}, (error, result) =>
			error ? reject(error) : resolve(result as T),
		);
	});
}

/** CPU-profiles only `fn` (through the inspector, 100 µs sampling) and writes `<dir>/<name>.cpuprofile`. */
export async function profiled(
	dir: string,
	name: string,
	fn: () => Promise<void>,
): Promise<string> {
	const session = new Session();
	session.connect();
	try {
		await post(session, 'Profiler.enable');
		await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
		await post(session, 'Profiler.start');
		await fn();
		const { profile } = await post<{ profile: unknown }>(session, 'Profiler.stop');
		mkdirSync(dir, { recursive: true });
		const file = join(dir, `${name}.cpuprofile`);
		writeFileSync(file, JSON.stringify(profile));
		return file;
	} finally {
		session.disconnect();
	}
}
