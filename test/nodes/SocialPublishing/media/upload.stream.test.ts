import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { storageRequests, uploadParams } from './fixtures';

/**
 * n8n in filesystem binary mode keeps files on disk and items carry only an `id`.
 * n8n-core's own BinaryDataService is set up on a temporary folder, as n8n does at start.
 */
const fx = useSandbox();
const folder = mkdtempSync(join(tmpdir(), 'sp-binary-'));
let service: BinaryDataService;

beforeAll(async () => {
	const config = {
		mode: 'filesystem',
		availableModes: ['filesystem'],
		localStoragePath: folder,
		signingSecret: 'test',
		dbMaxFileSize: 0,
	};
	const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };
	service = new BinaryDataService(config as never, quiet as never, quiet as never);
	await service.init();
	Container.set(BinaryDataService, service);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => fx.sandbox.clearRequests());

async function storedFile(size: number, fileName: string): Promise<IBinaryData> {
	const bytes = Buffer.alloc(size, 7);
	const stored = await service.store(
		{ type: 'execution', workflowId: 'wf', executionId: 'exec' },
		bytes,
		{ mimeType: 'video/mp4', fileName, data: '' },
	);
	expect(stored.id).toMatch(/^filesystem/);
	return stored;
}

describe("Media > Upload from n8n's filesystem binary store (streamed, with its length)", () => {
	test('an 8 MB file kept on disk is PUT with its full length and no Content-Type', async () => {
		const size = 8 * 1024 * 1024;
		const binary = await storedFile(size, 'clip.mp4');
		expect(binary.data.length).toBeLessThan(100); // the item holds a reference, not the bytes
		const result = await fx.runNode(uploadParams(), {
			input: [{ json: {}, binary: { data: binary } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.output(NODE)[0].json).toMatchObject({
			file_name: 'clip.mp4',
			status: 'ready',
			mime: 'video/mp4',
		});
		const [put] = storageRequests(fx);
		expect(put.body).toEqual({ rawLength: size });
		expect(put.headers['content-length']).toBe(String(size));
		expect(put.headers['transfer-encoding']).toBeUndefined();
		expect(put.headers['content-type']).toBeUndefined();
	});

	test('a streamed body is sent once: a 503 from storage is not retried (a stream cannot be replayed)', async () => {
		const binary = await storedFile(1024, 'once.mp4');
		fx.sandbox.faults.set({ fail503: 1, paths: '/__storage/' });
		try {
			const result = await fx.runNode(uploadParams(), {
				input: [{ json: {}, binary: { data: binary } }],
			});
			expect(result.error?.message).toBe(
				'Uploading the file to the presigned URL failed: HTTP 503',
			);
			expect(storageRequests(fx)).toHaveLength(1);
		} finally {
			fx.sandbox.faults.clear();
		}
	});
});
