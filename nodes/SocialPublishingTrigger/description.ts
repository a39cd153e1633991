import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_HEADER_PREFIX, DEFAULT_TOLERANCE_SECONDS } from './signature';

/** The draft events of the API specification ("Events"), with `*` for all. */
export const DRAFT_EVENTS = [
	{
		name: 'Draft Created',
		value: 'draft.created',
		description: 'A draft is created in an accessible social set',
	},
	{
		name: 'Draft Deleted',
		value: 'draft.deleted',
		description: 'A draft is deleted; the payload holds the draft as before deletion',
	},
	{ name: 'Draft Planned', value: 'draft.planned', description: 'A draft becomes planned' },
	{
		name: 'Draft Published',
		value: 'draft.published',
		description: 'A draft is successfully published to one or more platforms',
	},
	{ name: 'Draft Scheduled', value: 'draft.scheduled', description: 'A draft is scheduled' },
	{
		name: 'Draft Status Changed',
		value: 'draft.status_changed',
		description: 'Any status transition; fires alongside Planned, Scheduled and Published',
	},
	{
		name: 'Draft Tags Changed',
		value: 'draft.tags_changed',
		description: 'Tags are added to or removed from a draft',
	},
] as const;

export const ALL_EVENTS = '*';

export interface TriggerOptions {
	headerPrefix?: string;
	toleranceSeconds?: number;
	rawPayload?: boolean;
}

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			"Set-up: the service has no API to register webhooks, so add one by hand in the service settings. Paste this node's Production URL (see Webhook URLs above) as the endpoint, enable the same events you choose below, and copy the signing secret the service shows into the credential's Webhook Signing Secret field. The trigger does not start without that secret.",
		name: 'setupNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: [],
		description:
			'Which deliveries start the workflow; verified deliveries of other events are acknowledged and ignored',
		options: [
			{ name: 'All Events', value: ALL_EVENTS, description: 'Any draft event (wildcard)' },
			...DRAFT_EVENTS,
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
				displayName: 'Header Prefix',
				name: 'headerPrefix',
				type: 'string',
				default: DEFAULT_HEADER_PREFIX,
				description:
					'Prefix of the three delivery headers: the event, timestamp and signature headers are read as {prefix}Event, {prefix}Timestamp and {prefix}Signature (names are case-insensitive). Left empty, the default is used.',
			},
			{
				displayName: 'Output Raw Payload',
				name: 'rawPayload',
				type: 'boolean',
				default: false,
				description:
					'Whether to output the delivery body unchanged ({event, data}) instead of {event, timestamp, draft}',
			},
			{
				displayName: 'Timestamp Tolerance (Seconds)',
				name: 'toleranceSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 3600 },
				default: DEFAULT_TOLERANCE_SECONDS,
				description:
					'How far the delivery timestamp may lie from the current time, in either direction; older or later deliveries are rejected, and accepted signatures are remembered for this long to refuse replays',
			},
		],
	},
];
