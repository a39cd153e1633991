import type { INodeProperties } from 'n8n-workflow';

import { socialSetLocator } from '../common/socialSets';

/** The events the poll trigger can tell from the drafts list; names as the webhook trigger's where the service has one. */
export const POLL_EVENTS = {
	created: 'draft.created',
	statusChanged: 'draft.status_changed',
	published: 'draft.published',
	failed: 'draft.failed',
	commentsResolved: 'draft.comments_resolved',
} as const;

export type PollEvent = (typeof POLL_EVENTS)[keyof typeof POLL_EVENTS];

/** Draft `status` values of the API specification (States and transitions). */
export const DRAFT_STATUSES = [
	'draft',
	'planned',
	'scheduled',
	'publishing',
	'published',
	'error',
] as const;

export const ANY_STATUS = 'any';

export type DraftOutput = 'detail' | 'summary';

export interface PollOptions {
	draftOutput?: DraftOutput;
	rawPayload?: boolean;
}

export const pollTriggerProperties: INodeProperties[] = [
	{
		displayName:
			'Asks the service for changed drafts on the schedule below, so it works where the service cannot reach this n8n (behind a firewall, on a laptop). An idle check costs one request. Where the service can reach n8n, the Social Publishing Trigger (webhook) is instant and costs no requests.',
		name: 'pollNotice',
		type: 'notice',
		default: '',
	},
	{ ...socialSetLocator, description: 'The social set (account) whose drafts to watch' },
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [POLL_EVENTS.created],
		description: 'Which changes start the workflow; one item per draft and event',
		options: [
			{
				name: 'Comments All Resolved',
				value: POLL_EVENTS.commentsResolved,
				description:
					'A draft seen with unresolved comment threads has none left (reviewers are done); drafts under review are checked in turn, 7 per poll',
			},
			{
				name: 'Draft Failed',
				value: POLL_EVENTS.failed,
				description: 'Publishing a draft failed (its status became error)',
			},
			{
				name: 'Draft Published',
				value: POLL_EVENTS.published,
				description: 'A draft was published (its status became published)',
			},
			{
				name: 'Draft Status Changed',
				value: POLL_EVENTS.statusChanged,
				description: 'A draft moved to another status (or to the status chosen below)',
			},
			{ name: 'New Draft', value: POLL_EVENTS.created, description: 'A draft was created' },
		],
	},
	{
		displayName:
			'Comments All Resolved checks the drafts under review in turn, 7 per poll: with N of them, a resolution starts the workflow within N/7 polls (250 drafts polled every minute: up to 36 minutes late). Poll more often, or keep fewer drafts under review, where that is too slow.',
		name: 'reviewNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { events: [POLL_EVENTS.commentsResolved] } },
	},
	{
		displayName: 'To Status',
		name: 'toStatus',
		type: 'options',
		default: ANY_STATUS,
		description: 'Only status changes into this status start the workflow',
		displayOptions: { show: { events: [POLL_EVENTS.statusChanged] } },
		options: [
			{ name: 'Any Status', value: ANY_STATUS },
			{ name: 'Draft', value: 'draft' },
			{ name: 'Error', value: 'error' },
			{ name: 'Planned', value: 'planned' },
			{ name: 'Published', value: 'published' },
			{ name: 'Publishing', value: 'publishing' },
			{ name: 'Scheduled', value: 'scheduled' },
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Draft Data',
				name: 'draftOutput',
				type: 'options',
				default: 'detail',
				description: 'What the item carries as the draft',
				options: [
					{
						name: 'Full Draft (One Request per Event)',
						value: 'detail',
						description:
							'The draft detail, as the webhook trigger delivers it (platforms, posts, publish state)',
					},
					{
						name: 'List Fields Only (No Extra Request)',
						value: 'summary',
						description:
							'The draft summary from the list: status, dates, preview and published URLs, without posts',
					},
				],
			},
			{
				displayName: 'Output Raw Payload',
				name: 'rawPayload',
				type: 'boolean',
				default: false,
				description:
					'Whether to output {event, data} (the webhook body shape) instead of {event, timestamp, draft}',
			},
		],
	},
];
