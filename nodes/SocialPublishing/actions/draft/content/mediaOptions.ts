import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { isPostPlatform, platformName } from '../../../helpers/content';
import type { MediaLimits } from '../../../helpers/mediaRules';
import { resolveMediaLimits } from '../../../helpers/mediaRules';
import { paramError } from '../../../helpers/validation';
import { MEDIA_LIMITS_HELP, POST_PLATFORM_OPTIONS, SINGLE_POST_NAMES } from '../../descriptions';

/** Content Options for media: the check of how many media each post takes, its limits, and Spread Media. */

export const checkMediaField: INodeProperties = {
	displayName: 'Check Media',
	name: 'checkMedia',
	type: 'boolean',
	default: true,
	description: `Whether to refuse, before any upload, a post with more media (or other kinds) than its platform takes (${MEDIA_LIMITS_HELP}). Media given by ID count without their kind.`,
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
};

export const mediaLimitsField: INodeProperties = {
	displayName: 'Media Limits',
	name: 'mediaLimits',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Limit',
	default: {},
	description:
		'A different number of media per post for a platform (a Mastodon server that takes more). 0 turns the media check off for that platform.',
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
	options: [
		{
			displayName: 'Limit',
			name: 'limit',
			values: [
				{
					displayName: 'Platform',
					name: 'platform',
					type: 'options',
					options: POST_PLATFORM_OPTIONS,
					default: 'mastodon',
				},
				{
					displayName: 'Maximum Media per Post',
					name: 'maxMedia',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 4,
					description: 'Most media one post takes; 0 means no check',
				},
			],
		},
	],
};

export const spreadMediaField: INodeProperties = {
	displayName: 'Spread Media Over Thread',
	name: 'spreadMedia',
	type: 'boolean',
	default: false,
	description: `Whether a post with more media than its platform takes keeps what fits and moves the rest, in order, to the next posts (adding posts without text at the end of the thread when needed). Alt texts go with their media. ${SINGLE_POST_NAMES} take one post: too many media are refused there.`,
	displayOptions: { show: { '/contentType': ['posts'] } },
};

export interface MediaSettings {
	limits: MediaLimits;
	spread: boolean;
}

/** The media options of one item; a limit for the same platform given twice is refused. */
export function readMediaSettings(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): MediaSettings {
	const overrides: MediaLimits = {};
	for (const entry of ((options.mediaLimits as IDataObject | undefined)?.limit ??
		[]) as IDataObject[]) {
		const platform = String(entry.platform ?? '');
		const limit = Number(entry.maxMedia);
		if (!isPostPlatform(platform))
			throw paramError(
				context,
				itemIndex,
				'Media Limits',
				`names an unknown platform "${platform}"`,
			);
		if (platform in overrides)
			throw paramError(
				context,
				itemIndex,
				'Media Limits',
				`sets the limit of ${platformName(platform)} twice`,
			);
		if (!Number.isInteger(limit) || limit < 0)
			throw paramError(
				context,
				itemIndex,
				'Media Limits',
				`sets ${platformName(platform)} to "${String(entry.maxMedia)}"; a limit is a whole number, 0 for no check`,
			);
		overrides[platform] = limit;
	}
	return {
		limits: resolveMediaLimits(options.checkMedia !== false, overrides),
		spread: options.spreadMedia === true,
	};
}
