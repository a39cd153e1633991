import type { INodeProperties } from 'n8n-workflow';
import { MEDIA_LIMITS_HELP, SINGLE_POST_NAMES } from '../../descriptions/platformHelp';
import type { PlatformLimitsSpec } from './platformLimits';
import { platformLimitsField } from './platformLimits';

/** Content Options for media, their fields: the check of how many media each post takes, its limits, and Spread Media (read in options.ts). */

export const checkMediaField: INodeProperties = {
	displayName: 'Check Media',
	name: 'checkMedia',
	type: 'boolean',
	default: true,
	description: `Whether to refuse, before any upload, a post with more media (or other kinds) than its platform takes (${MEDIA_LIMITS_HELP}). Media given by ID count without their kind.`,
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
};

export const MEDIA_LIMITS: PlatformLimitsSpec = {
	displayName: 'Media Limits',
	name: 'mediaLimits',
	description:
		'A different number of media per post for a platform (a Mastodon server that takes more). 0 turns the media check off for that platform.',
	contentTypes: ['posts', 'json'],
	defaultPlatform: 'mastodon',
	valueDisplayName: 'Maximum Media per Post',
	valueName: 'maxMedia',
	valueDefault: 4,
	valueDescription: 'Most media one post takes; 0 means no check',
};

export const mediaLimitsField = platformLimitsField(MEDIA_LIMITS);

export const spreadMediaField: INodeProperties = {
	displayName: 'Spread Media Over Thread',
	name: 'spreadMedia',
	type: 'boolean',
	default: false,
	description: `Whether a post with more media than its platform takes keeps what fits and moves the rest, in order, to the next posts (adding posts without text at the end of the thread when needed). Alt texts go with their media. ${SINGLE_POST_NAMES} take one post: too many media are refused there.`,
	displayOptions: { show: { '/contentType': ['posts'] } },
};
