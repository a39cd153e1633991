/**
 * The e2e scripts choose every port n8n opens at run time (scripts/e2e/ports.ts): run next to another
 * n8n, a fixed task-broker port failed with "n8n Task Broker's port 5679 is already in use".
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'fs';
import { createServer, Server } from 'net';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { n8nEnv } from '../../scripts/e2e/n8n';
import {
	chooseN8nPorts,
	declaredPortNames,
	freePorts,
	holdDefaultPorts,
	LISTEN_PORT_DEFAULTS,
	unhandledPortNames,
} from '../../scripts/e2e/ports';

function bind(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

const n8nConfigDir = dirname(dirname(require.resolve('@n8n/config')));

describe('ports of the e2e n8n processes', () => {
	let defaults: Awaited<ReturnType<typeof holdDefaultPorts>>;
	beforeAll(async () => {
		defaults = await holdDefaultPorts();
	});
	afterAll(async () => {
		await defaults.release();
	});

	it('holds n8n default ports 5678, 5679 and 5681 (or finds them taken already)', async () => {
		for (const port of [5678, 5679, 5681]) await expect(bind(port)).rejects.toThrow(/EADDRINUSE/);
	});

	it('gives every listening port variable a free, distinct port other than the defaults', async () => {
		const env = n8nEnv('/nonexistent', await chooseN8nPorts());
		const names = Object.keys(LISTEN_PORT_DEFAULTS);
		const ports = names.map((name) => Number(env[name]));
		expect(ports.every((port) => Number.isInteger(port) && port > 0)).toBe(true);
		expect(new Set(ports).size).toBe(names.length);
		for (const port of ports) expect([5678, 5679, 5681]).not.toContain(port);
		const servers = await Promise.all(ports.map(bind));
		await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
		expect(env.WEBHOOK_URL).toBe(`http://127.0.0.1:${env.N8N_PORT}/`);
	});

	it('keeps a server port the caller chose and still frees the task broker', async () => {
		const env = n8nEnv('/nonexistent', await chooseN8nPorts(5678));
		expect(env.N8N_PORT).toBe('5678');
		expect(env.N8N_RUNNERS_BROKER_PORT).not.toBe('5679');
	});

	it('hands out distinct ports in one call', async () => {
		const ports = await freePorts(20);
		expect(new Set(ports).size).toBe(20);
	});

	it("sets or knows every port variable of n8n's own config package", () => {
		const declared = declaredPortNames(n8nConfigDir);
		expect(declared).toEqual(
			expect.arrayContaining([
				'N8N_PORT',
				'N8N_RUNNERS_BROKER_PORT',
				'QUEUE_HEALTH_CHECK_PORT',
				'QUEUE_BULL_REDIS_PORT',
			]),
		);
		expect(unhandledPortNames(n8nConfigDir)).toEqual([]);
	});

	it('names a port variable it does not know, so a new listening port in a release cannot pass unseen', () => {
		const dir = mkdtempSync(join(tmpdir(), 'ports-test-'));
		try {
			mkdirSync(join(dir, 'dist', 'configs'), { recursive: true });
			writeFileSync(
				join(dir, 'dist', 'configs', 'new.config.js'),
				"(0, decorators_1.Env)('N8N_RUNNERS_BROKER_PORT');\n(0, decorators_1.Env)('N8N_SOMETHING_NEW_PORT');\n",
			);
			expect(declaredPortNames(dir)).toEqual(['N8N_RUNNERS_BROKER_PORT', 'N8N_SOMETHING_NEW_PORT']);
			expect(unhandledPortNames(dir)).toEqual(['N8N_SOMETHING_NEW_PORT']);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
