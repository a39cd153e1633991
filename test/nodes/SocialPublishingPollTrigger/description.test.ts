import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SocialPublishingPollTrigger } from '../../../nodes/SocialPublishingPollTrigger/SocialPublishingPollTrigger.node';
import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';

const node = new SocialPublishingPollTrigger();
const { description } = node;
const property = (name: string) =>
	description.properties.find((p) => p.name === name) as INodeProperties;
const values = (p: INodeProperties) => (p.options as INodePropertyOptions[]).map((o) => o.value);

describe('Social Publishing Poll Trigger description', () => {
	test('is a polling trigger with no inputs and the Social Publishing credential, like the webhook trigger', () => {
		expect(description).toMatchObject({
			name: 'socialPublishingPollTrigger',
			polling: true,
			group: ['trigger'],
			inputs: [],
			version: 1,
		});
		expect(description.credentials).toEqual(new SocialPublishingTrigger().description.credentials);
		expect(description.webhooks).toBeUndefined();
		expect(typeof node.poll).toBe('function');
	});

	test('offers the five events, New Draft by default, and To Status only for Draft Status Changed', () => {
		expect(values(property('events')).sort()).toEqual([
			'draft.comments_resolved',
			'draft.created',
			'draft.failed',
			'draft.published',
			'draft.status_changed',
		]);
		expect(property('events')).toMatchObject({
			type: 'multiOptions',
			required: true,
			default: ['draft.created'],
		});
		expect(property('toStatus').displayOptions).toEqual({
			show: { events: ['draft.status_changed'] },
		});
		expect(values(property('toStatus')).sort()).toEqual([
			'any',
			'draft',
			'error',
			'planned',
			'published',
			'publishing',
			'scheduled',
		]);
	});

	test("picks the social set from a searchable list or by ID, with the main node's list search", () => {
		const locator = property('socialSetId');
		expect(locator).toMatchObject({ type: 'resourceLocator', required: true });
		expect(locator.modes?.map((m) => m.name)).toEqual(['list', 'id']);
		expect(locator.modes?.[0].typeOptions?.searchListMethod).toBe('searchSocialSets');
		expect(typeof node.methods.listSearch.searchSocialSets).toBe('function');
	});

	test('options: Draft Data (detail by default) and Output Raw Payload (off)', () => {
		const options = property('options').options as INodeProperties[];
		expect(Object.fromEntries(options.map((o) => [o.name, o.default]))).toEqual({
			draftOutput: 'detail',
			rawPayload: false,
		});
		expect(values(options.find((o) => o.name === 'draftOutput') as INodeProperties)).toEqual([
			'detail',
			'summary',
		]);
	});

	test('tells in a notice when to use it, and what an idle check costs', () => {
		const notice = property('pollNotice');
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/cannot reach/);
		expect(notice.displayName).toMatch(/one request/);
	});
});
