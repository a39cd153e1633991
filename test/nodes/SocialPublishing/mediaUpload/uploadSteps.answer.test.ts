import { runWorkflow } from '../../../harness/runWorkflow';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { singleNodeWorkflow } from '../../../harness/workflows';
import { PNG_BYTES, fileItem, uploadParams } from '../media/fixtures';

/**
 * The answer to creating an upload (spec: Media, "Upload response: media_id (UUID string), upload_url (string,
 * presigned)") decides where the file goes and names the media in every later request and error: an answer whose
 * media_id is not a media id stops the item naming the answer, quoted short and without the credential's secrets,
 * before any byte is sent.
 */

const KEY = 'sp_upload_key_0123456789';
const server = useScriptedServer();

async function uploadWith(answer: unknown) {
	server.otherwise((request) =>
		request.path.endsWith('/media/upload') ? { body: answer } : { status: 200, body: '' },
	);
	return await runWorkflow(singleNodeWorkflow(uploadParams()), {
		credentials: { socialPublishingApi: { apiKey: KEY, baseUrl: server.baseUrl } },
		input: [fileItem(PNG_BYTES, 'a.png')],
	});
}

describe('Media > Upload reads the upload’s answer in its shape before sending the file', () => {
	test.each([
		['a 1 MB media_id with the key', { media_id: `${KEY}${'m'.repeat(1_000_000)}` }],
		['a media_id with spaces and the key', { media_id: `a b ${KEY}` }],
		['a media_id that is a number', { media_id: 42 }],
	])('%s: the item stops naming the answer; nothing is sent', async (_name, fields) => {
		const result = await uploadWith({ upload_url: `${server.baseUrl}/put/here`, ...fields });
		const message = result.error?.message ?? '';
		expect(message).toMatch(
			/^The service's answer to POST \/v2\/social-sets\/101\/media\/upload could not be read: expected an upload \(media_id: a media id, upload_url: a text\); media_id is /,
		);
		expect(message.length).toBeLessThan(400);
		expect(`${message} ${result.error?.description ?? ''}`).not.toContain(KEY);
		expect(server.requests.map((request) => request.method)).toEqual(['POST']);
	});

	test('an upload without its URL stops the item too', async () => {
		const result = await uploadWith({ media_id: 'a1b2c3d4-0000-4000-8000-000000000001' });
		expect(result.error?.message).toContain('upload_url is missing, not a text');
		expect(server.requests).toHaveLength(1);
	});
});
