import { useSandbox } from '../../../harness/sandbox';
import { NODE, byId } from '../../../harness/workflows';
import { createUploadOnly, readyMediaId } from './fixtures';

const fx = useSandbox();
const getParams = (mediaId: string, socialSetId = 101) => ({
	resource: 'media',
	operation: 'get',
	socialSetId: byId(socialSetId),
	mediaId,
});

beforeEach(() => fx.sandbox.clearRequests());

describe('Media > Get (GET /v2/social-sets/{social_set_id}/media/{media_id})', () => {
	test('returns the Media status of a ready image with its sized URLs', async () => {
		const mediaId = await readyMediaId(fx, 'got.webp', 'Described');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(getParams(mediaId), { key: 'read' });
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: `/v2/social-sets/101/media/${mediaId}`,
				status: 200,
			}),
		]);
		const [item] = result.output(NODE);
		expect(item.json).toMatchObject({
			media_id: mediaId,
			file_name: 'got.webp',
			status: 'ready',
			mime: 'image/webp',
			alt_text: 'Described',
			error_reason: null,
		});
		expect(Object.keys(item.json.media_urls as object).sort()).toEqual([
			'large',
			'medium',
			'original',
			'small',
		]);
	});

	test('an uppercase media UUID is accepted and sent in lowercase', async () => {
		const mediaId = await createUploadOnly(fx);
		fx.sandbox.clearRequests();
		const result = await fx.runNode(getParams(mediaId.toUpperCase()));
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].path).toBe(`/v2/social-sets/101/media/${mediaId}`);
		expect(result.output(NODE)[0].json).toMatchObject({
			media_id: mediaId,
			status: 'processing',
			media_urls: {},
		});
	});

	test('a media ID that is not a UUID is refused before sending', async () => {
		const result = await fx.runNode(getParams('12345'));
		expect(result.error?.message).toBe('Parameter "Media ID" must be a UUID, got "12345" [item 0]');
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test("an unknown media surfaces the service's 404 NOT_FOUND", async () => {
		const result = await fx.runNode(getParams('0f8fad5b-d9cb-469f-a165-70867728950e'));
		expect(result.error?.message).toMatch(/^NOT_FOUND: /);
		expect(result.error?.httpCode).toBe('404');
		expect(fx.apiRequests()).toHaveLength(1);
	});

	test('a media of another social set is not found there (media is per social set)', async () => {
		const mediaId = await readyMediaId(fx);
		const result = await fx.runNode(getParams(mediaId, 102));
		expect(result.error?.httpCode).toBe('404');
	});
});
