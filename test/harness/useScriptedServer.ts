import { rateLimitMemory } from '../../nodes/common/transport';
import { ScriptedServer } from './scriptedServer';

/**
 * A scripted server for the file or `describe` block it is called in: started before its tests, stopped
 * after them; before each test its script and request log are emptied and the transport's rate-limit memory
 * is cleared, then `script` (if given) sets the answers every test of the block starts with.
 */
export function useScriptedServer(script?: (server: ScriptedServer) => void): ScriptedServer {
	const server = new ScriptedServer();
	beforeAll(async () => {
		await server.start();
	});
	afterAll(async () => {
		await server.stop();
	});
	beforeEach(() => {
		server.reset();
		rateLimitMemory.clear();
		script?.(server);
	});
	return server;
}
