import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { SandboxFixture } from '../../../harness/sandbox';
import { byId } from '../../../harness/workflows';
import { SourceServer } from './sourceServer';

/** An input item carrying a file in binary property `property` (n8n's in-memory binary mode). */
export function fileItem(
	bytes: Buffer,
	fileName: string | undefined,
	mimeType = 'image/png',
	property = 'data',
): INodeExecutionData {
	return {
		json: {},
		binary: {
			[property]: { data: bytes.toString('base64'), mimeType, ...(fileName ? { fileName } : {}) },
		},
	};
}

export const PNG_BYTES = Buffer.from(
	'89504e470d0a1a0a0000000d4948445200000001000000010806000000',
	'hex',
);

export function uploadParams(
	options: IDataObject = {},
	extra: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'media',
		operation: 'upload',
		socialSetId: byId(101),
		binaryPropertyName: 'data',
		options,
		...extra,
	} as INodeParameters;
}

/** Requests the sandbox received on its presigned upload host. */
export function storageRequests(fx: SandboxFixture): SandboxFixture['sandbox']['requests'] {
	return fx.sandbox.requests.filter((request) => request.path.startsWith('/__storage/'));
}

/** Creates an upload directly over HTTP (no file sent); returns its media id. */
export async function createUploadOnly(
	fx: SandboxFixture,
	fileName = 'later.png',
): Promise<string> {
	const response = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/101/media/upload`, {
		method: 'POST',
		headers: {
			Authorization: `Bearer ${fx.sandbox.keys.admin}`,
			'Content-Type': 'application/json',
		},
		body: JSON.stringify({ file_name: fileName }),
	});
	const body = (await response.json()) as { media_id: string };
	return body.media_id;
}

/** A media that is `ready`: created, file PUT, processed (over HTTP, outside the node). */
export async function readyMediaId(
	fx: SandboxFixture,
	fileName = 'ready.png',
	altText?: string,
): Promise<string> {
	const response = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/101/media/upload`, {
		method: 'POST',
		headers: {
			Authorization: `Bearer ${fx.sandbox.keys.admin}`,
			'Content-Type': 'application/json',
		},
		body: JSON.stringify({
			file_name: fileName,
			...(altText !== undefined ? { alt_text: altText } : {}),
		}),
	});
	const { media_id: mediaId, upload_url: uploadUrl } = (await response.json()) as {
		media_id: string;
		upload_url: string;
	};
	await fetch(uploadUrl, { method: 'PUT', body: PNG_BYTES });
	// polled until ready, up to a ceiling a loaded machine stays under
	for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
		const media = await fetch(`${fx.sandbox.baseUrl}/v2/social-sets/101/media/${mediaId}`, {
			headers: { Authorization: `Bearer ${fx.sandbox.keys.admin}` },
		});
		if (((await media.json()) as { status: string }).status === 'ready') return mediaId;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error('media did not become ready');
}

/**
 * n8n-core's own BinaryDataService in filesystem mode (n8n's default) on `folder`, set up as n8n does at
 * start: items then carry only an `id` and the files stay on disk.
 */
export async function filesystemBinaryData(folder: string): Promise<BinaryDataService> {
	const config = {
		mode: 'filesystem',
		availableModes: ['filesystem'],
		localStoragePath: folder,
		signingSecret: 'test',
		dbMaxFileSize: 0,
	};
	const quiet = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };
	const service = new BinaryDataService(config as never, quiet as never, quiet as never);
	await service.init();
	Container.set(BinaryDataService, service);
	return service;
}

/**
 * A generating source for the file it is called in: started before its tests, stopped after them; before
 * each test the sandbox's request log and the list of what the source served are emptied.
 */
export function useSourceServer(fx: SandboxFixture): SourceServer {
	const source = new SourceServer();
	beforeAll(async () => await source.start());
	afterAll(async () => await source.stop());
	beforeEach(() => {
		fx.sandbox.clearRequests();
		source.served = [];
	});
	return source;
}
