import { useSandbox } from '../../../harness/sandbox';
import { NODE, byId } from '../../../harness/workflows';
import { readyMediaId } from './fixtures';

const fx = useSandbox();
const params = (mediaId: string, fields: Record<string, unknown>) => ({
	resource: 'media',
	operation: 'updateAltText',
	socialSetId: byId(101),
	mediaId,
	...fields,
});

beforeEach(() => fx.sandbox.clearRequests());

describe('Media > Update Alt Text (PATCH /v2/social-sets/{social_set_id}/media/{media_id})', () => {
	test('sets the alt text and returns the updated Media status', async () => {
		const mediaId = await readyMediaId(fx, 'alt.png', 'Old text');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(params(mediaId, { altText: 'A red square on white' }), {
			key: 'write',
		});
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()).toEqual([
			expect.objectContaining({
				method: 'PATCH',
				path: `/v2/social-sets/101/media/${mediaId}`,
				body: { alt_text: 'A red square on white' },
				status: 200,
			}),
		]);
		expect(result.output(NODE)[0].json).toMatchObject({
			media_id: mediaId,
			alt_text: 'A red square on white',
			status: 'ready',
		});
	});

	test('"Clear Alt Text" sends null, and the media then has no alt text (null clears)', async () => {
		const mediaId = await readyMediaId(fx, 'clear.png', 'To be removed');
		fx.sandbox.clearRequests();
		const result = await fx.runNode(params(mediaId, { clearAltText: true, altText: 'ignored' }));
		expect(result.error).toBeUndefined();
		expect(fx.apiRequests()[0].body).toEqual({ alt_text: null });
		expect(result.output(NODE)[0].json).not.toHaveProperty('alt_text');
	});

	test('an empty alt text without "Clear Alt Text" is refused before sending', async () => {
		const result = await fx.runNode(
			params('0f8fad5b-d9cb-469f-a165-70867728950e', { altText: '  ' }),
		);
		expect(result.error?.message).toBe(
			'Parameter "Alt Text" must not be empty; turn on "Clear Alt Text" to remove the alt text [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test('a media ID that is not a UUID is refused before sending', async () => {
		const result = await fx.runNode(params('not-a-uuid', { altText: 'x' }));
		expect(result.error?.message).toBe(
			'Parameter "Media ID" must be a UUID, got "not-a-uuid" [item 0]',
		);
		expect(fx.sandbox.requests).toHaveLength(0);
	});

	test("a READ key gets the service's 403 with its code and message (PATCH media needs WRITE)", async () => {
		const mediaId = await readyMediaId(fx);
		const result = await fx.runNode(params(mediaId, { altText: 'x' }), { key: 'read' });
		expect(result.error?.message).toMatch(/^INSUFFICIENT_ACCESS_LEVEL: /);
		expect(result.error?.httpCode).toBe('403');
	});

	test('Continue On Fail: the service error becomes an error item with code and httpCode', async () => {
		const result = await fx.runNode(
			params('0f8fad5b-d9cb-469f-a165-70867728950e', { altText: 'x' }),
			{ settings: { continueOnFail: true } },
		);
		expect(result.error).toBeUndefined();
		const [item] = result.output(NODE);
		expect(item.json.error).toMatchObject({ code: 'NOT_FOUND', httpCode: '404' });
		expect(item.pairedItem).toEqual({ item: 0 });
	});
});
