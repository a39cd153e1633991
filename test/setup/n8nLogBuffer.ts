/** The log lines n8n wrote during the current test, shared by the test environment and the test realm. */
const KEY = Symbol.for('social-publishing.test.n8nLog');

type WithN8nLog = { [KEY]?: string[] };

/** The lines of `global` (the test realm's global object), created on first use. */
export function n8nLogOf(global: object): string[] {
	const holder = global as WithN8nLog;
	return (holder[KEY] ??= []);
}
