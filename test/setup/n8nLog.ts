/**
 * n8n's log, kept per test and shown only when the test fails. n8n-core logs every node error through its
 * Logger (`@n8n/backend-common`, winston to the console): a green run printed hundreds of lines such as
 * `Parameter "Poll Interval (Seconds)" must be …`, from tests that expect those errors. Here the Logger writes
 * into the test's log instead (the level n8n is configured with still decides what is logged); the test
 * environment (environment.ts) empties it when a test starts and prints it when the test or a hook failed.
 * The Logger is patched in the files that have loaded it (n8n-core loads it): loading it here would cost every
 * other file about a second.
 */
import { n8nLogOf } from './n8nLogBuffer';

const LOGGER_MODULE = require.resolve('@n8n/backend-common');
const PATCHED = Symbol.for('social-publishing.test.n8nLog.patched');

interface LoggerPrototype {
	log(level: string, message: string, metadata?: Record<string, unknown>): void;
	[PATCHED]?: true;
}

function keepLogInTest(): void {
	if (!(LOGGER_MODULE in require.cache)) return;
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the copy this file's tests loaded
	const { Logger } = require(LOGGER_MODULE) as { Logger: { prototype: LoggerPrototype } };
	const prototype = Logger.prototype;
	if (prototype[PATCHED]) return;
	const log = n8nLogOf(globalThis);
	prototype.log = function (level, message) {
		log.push(`${level}: ${message}`);
	};
	prototype[PATCHED] = true;
}

// Hooks of this file run before the test file's own: by then its imports (n8n-core among them) are loaded.
beforeAll(keepLogInTest);
beforeEach(keepLogInTest);
