/**
 * After each test file: stops what n8n-core's services started in that file. Any node run makes n8n-core create
 * its SSH tunnel manager (`SSHClientsManager`, for the execution context's helpers), which starts an unref'd
 * 60-second interval. The interval belongs to the file's realm, so it held the file's whole module registry (n8n-core,
 * the nodes, the sandbox, the test): each file that ran a node kept about 10 MB after it ended, and by the end of a
 * run each worker held some 300 MB it no longer needed; a worker that big can take longer than the 500 ms jest gives
 * it to exit on a busy machine ("A worker process has failed to exit gracefully").
 * The manager is shut down only in files that loaded it: the others do not load n8n-core for this.
 */
const SSH_CLIENTS_MANAGER = require.resolve('n8n-core/dist/execution-engine/ssh-clients-manager');

afterAll(() => {
	if (!(SSH_CLIENTS_MANAGER in require.cache)) return;
	// Loaded only here, after the file's tests loaded n8n-core: the file's own module registry.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Container } = require('@n8n/di') as typeof import('@n8n/di');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SSHClientsManager } = require(
		SSH_CLIENTS_MANAGER,
	) as typeof import('n8n-core/dist/execution-engine/ssh-clients-manager');
	Container.get(SSHClientsManager).onShutdown();
});
