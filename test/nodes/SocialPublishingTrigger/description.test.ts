import { SocialPublishingApi } from '../../../credentials/SocialPublishingApi.credentials';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import { EVENTS } from './deliveries';

const { description } = new SocialPublishingTrigger();
const property = (name: string) => description.properties.find((p) => p.name === name);

describe('Social Publishing Trigger description', () => {
	test('offers exactly the seven events of the API specification (Events), plus "*"', () => {
		const values = (property('events')?.options ?? []).map((o) =>
			'value' in o ? o.value : undefined,
		);
		expect(values).toEqual(['*', ...[...EVENTS].sort()]);
		expect(property('events')).toMatchObject({ type: 'multiOptions', required: true });
	});

	test('listens on one POST webhook answered on receipt, with the Social Publishing credential', () => {
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		]);
		expect(description.credentials).toEqual([{ name: 'socialPublishingApi', required: true }]);
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
	});

	test('new nodes get version 1.1, which n8n does not treat as the Webhook node v1; workflows saved with version 1 still load', () => {
		// n8n evaluates an expression on every webhook call to a node whose version is exactly 1
		// (webhook-helpers parseRequestBody); from 1.1 on a delivery is checked without any.
		expect(description.defaultVersion).toBe(1.1);
		expect(description.version).toEqual([1, 1.1]);
	});

	test('shows a set-up notice naming the Production URL and the signing secret', () => {
		const notice = property('setupNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toMatch(/Production URL/);
		expect(notice?.displayName).toMatch(/Webhook Signing Secret/);
	});

	test('reads its secret from a password field of the credential', () => {
		const field = new SocialPublishingApi().properties.find((p) => p.name === 'webhookSecret');
		expect(field?.typeOptions?.password).toBe(true);
	});

	test('options: header prefix, tolerance and raw payload, with the documented defaults', () => {
		const options = property('options')?.options ?? [];
		const defaults = Object.fromEntries(
			options.map((o) => [o.name, 'default' in o ? o.default : undefined]),
		);
		expect(defaults).toEqual({
			headerPrefix: 'X-Service-',
			rawPayload: false,
			toleranceSeconds: 300,
		});
	});
});
