import type { BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadDeadline } from '../../../../nodes/common/transport/upload';
import { useSandbox } from '../../../harness/sandbox';
import { NODE } from '../../../harness/workflows';
import { runAndStop, until } from './cancel';
import {
	fileItem,
	filesystemBinaryData,
	PNG_BYTES,
	storageRequests,
	uploadParams,
} from './fixtures';

/**
 * n8n in filesystem binary mode keeps files on disk and items carry only an `id`.
 * n8n-core's own BinaryDataService is set up on a temporary folder, as n8n does at start.
 */
const fx = useSandbox();
const folder = mkdtempSync(join(tmpdir(), 'sp-binary-'));
let service: BinaryDataService;

beforeAll(async () => {
	service = await filesystemBinaryData(folder);
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

describe('a PUT to the presigned URL that the storage host does not answer', () => {
	const creates = () =>
		fx.apiRequests().filter((r) => r.path === '/v2/social-sets/101/media/upload');
	const LATENCY_MS = 1500;
	afterEach(async () => {
		fx.sandbox.faults.clear();
		// the sandbox still holds the abandoned PUT for the rest of its latency
		await new Promise((resolve) => setTimeout(resolve, LATENCY_MS + 100));
	});

	test('Stop ends a running upload, with the cancellation as the outcome, naming the media left without its file', async () => {
		fx.sandbox.faults.set({ latencyMs: LATENCY_MS, paths: '/__storage/' });
		const result = await runAndStop(
			fx,
			uploadParams(),
			// the sandbox records a request as it arrives: the PUT has reached the storage host
			async () => await until(() => storageRequests(fx).length > 0),
			[fileItem(PNG_BYTES, 'stopped.png')],
		);
		expect(result.error?.message).toBe(
			'The execution was cancelled during the upload of the file to the presigned URL [item 0]',
		);
		expect(result.error?.description).toMatch(
			/^Media [0-9a-f-]{36} was created and did not receive its file; it cannot be attached/,
		);
		expect(creates()).toHaveLength(1);
		expect(storageRequests(fx)[0].status).not.toBe(200);
		expect(fx.apiRequests().filter((r) => r.method === 'GET')).toEqual([]);
	});

	test('the PUT has a deadline scaled to its size; past it the upload fails with an error saying so', async () => {
		const saved = { ...uploadDeadline };
		uploadDeadline.baseMs = 400;
		uploadDeadline.minBytesPerSecond = 1024 * 1024 * 1024;
		fx.sandbox.faults.set({ latencyMs: LATENCY_MS, paths: '/__storage/' });
		try {
			const result = await fx.runNode(uploadParams(), {
				input: [fileItem(PNG_BYTES, 'late.png')],
			});
			expect(result.error?.message).toBe(
				'Uploading the file to the presigned URL did not finish within 0.4 s [item 0]',
			);
			expect(result.error?.description).toMatch(
				/^The upload of 29 bytes may take 0\.4 s plus 1 s per 1048576 KiB; the storage host did not answer in that time\. Media [0-9a-f-]{36} was created and did not receive its file/,
			);
		} finally {
			Object.assign(uploadDeadline, saved);
		}
	});
});
