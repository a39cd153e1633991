import * as net from 'node:net';
import { SsrfProtectionConfig } from '@n8n/config';
import { SsrfProtectionService } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { useSandbox } from '../../../harness/sandbox';
import { ScriptedServer } from '../../../harness/scriptedServer';
import { createText } from '../draft/fixtures';
import { runFresh } from '../../../harness/nodeRun';
import { storageRequests, uploadParams } from './fixtures';

/**
 * A download n8n's address check refuses is refused once: no second try, no connection to the refused host.
 * n8n's SSRF protection is turned on for this file with one blocked address, 127.0.0.2 (the sandbox and the
 * file server stay on 127.0.0.1); a listener there counts the connections that would reach it, and n8n's own
 * `ssrf.blocked` events count the tries the check refused.
 */
const fx = useSandbox();
const files = new ScriptedServer();
let connections = 0;
const refusedHost = net.createServer((socket) => {
	connections++;
	socket.destroy();
});
let refusedUrl = '';
let blocked = 0;
const countBlocked = () => blocked++;

beforeAll(async () => {
	const config = Container.get(SsrfProtectionConfig);
	config.enabled = true;
	config.blockedIpRanges = ['127.0.0.2/32'];
	Container.get(SsrfProtectionService).events.on('ssrf.blocked', countBlocked);
	await files.start();
	await new Promise<void>((resolve) => refusedHost.listen(0, '127.0.0.2', resolve));
	refusedUrl = `http://127.0.0.2:${(refusedHost.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
	Container.get(SsrfProtectionService).events.off('ssrf.blocked', countBlocked);
	Container.get(SsrfProtectionConfig).enabled = false;
	await files.stop();
	await new Promise<void>((resolve) => refusedHost.close(() => resolve()));
});
beforeEach(() => {
	files.reset();
	connections = 0;
	blocked = 0;
});

const fromUrl = (url: string) => uploadParams({}, { inputSource: 'url', mediaUrl: url });

describe('a download refused by the address check is not tried again', () => {
	test('Media > Upload from a refused address: one refused try, no connection, the error names the parameter and the item', async () => {
		const { result, requests } = await runFresh(fx, fromUrl(`${refusedUrl}/photo.png`));
		expect(result.error?.message).toMatch(
			/^Parameter "Media URL" has http:\/\/127\.0\.0\.2:\d+\/photo\.png, /,
		);
		expect(result.error?.message).toContain('restricted IP address');
		expect(result.error?.message).toMatch(/\[item 0\]$/);
		expect(blocked).toBe(1);
		expect(connections).toBe(0);
		expect(requests).toEqual([]);
		expect(storageRequests(fx)).toEqual([]);
	});

	test('a redirect to a refused address: the source is asked once, the refused target never reached', async () => {
		files.reply({ status: 302, headers: { Location: `${refusedUrl}/inside.png` } });
		const { result, requests } = await runFresh(fx, fromUrl(`${files.baseUrl}/outside.png`));
		expect(result.error?.message).toContain('Parameter "Media URL"');
		expect(result.error?.message).toContain('restricted IP address');
		expect(files.requests).toHaveLength(1);
		expect(blocked).toBe(1);
		expect(connections).toBe(0);
		expect(requests).toEqual([]);
	});

	test('Draft > Create with a refused Media URL: one refused try, the error names Media URLs and the item, no draft', async () => {
		const { result, requests } = await runFresh(
			fx,
			createText('Launch', ['x'], { mediaUrls: `${refusedUrl}/launch.png` }),
		);
		expect(result.error?.message).toContain('"Media URLs');
		expect(result.error?.message).toContain('restricted IP address');
		expect(result.error?.message).toMatch(/\[item 0\]$/);
		expect(blocked).toBe(1);
		expect(connections).toBe(0);
		expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
	});

	test('a dropped connection is still tried again (a GET is safe to repeat)', async () => {
		files.reply(
			{ drop: true },
			{ status: 200, headers: { 'Content-Type': 'image/png' }, body: Buffer.from('png') },
		);
		const { result } = await runFresh(fx, fromUrl(`${files.baseUrl}/flaky.png`));
		expect(result.error).toBeUndefined();
		expect(files.requests).toHaveLength(2);
		expect(blocked).toBe(0);
	});
});
