import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DEFAULT_SEPARATOR } from '../../../helpers/text/threadSplit';
import type { Limits } from '../../../helpers/text/textLength';
import { resolveLimits } from '../../../helpers/text/textLength';
import {
	DEFAULT_IDLE_TIMEOUT_SECONDS,
	DEFAULT_MAX_SIZE_MIB,
	readPositiveNumber,
	readUrlLimits,
} from '../../../mediaUpload/downloadLimits';
import type { MediaLimits } from '../../../helpers/mediaRules';
import { resolveMediaLimits } from '../../../helpers/mediaRules';
import type { UploadSettings } from '../../../mediaUpload/pendingMedia';
import { LENGTH_LIMITS_HELP, SINGLE_POST_NAMES } from '../../descriptions/platformHelp';
import type { PlatformLimitsSpec } from './platformLimits';
import { platformLimitsField, readPlatformLimits } from './platformLimits';
import { checkMediaField, MEDIA_LIMITS, mediaLimitsField, spreadMediaField } from './mediaOptions';
import type { UtmTags } from './utmTags';
import { readUtmTags, utmTagsField } from './utmTags';

/** Content Options: its fields and its reader (separator, uploads, and the length check with Auto-Split). */

export const autoSplitField: INodeProperties = {
	displayName: 'Auto-Split Long Text',
	name: 'autoSplit',
	type: 'boolean',
	default: false,
	description: `Whether to split a text too long for a platform into a thread of posts that each fit: at paragraphs, then sentences, then words, never inside a link, mention or comment marker. Each platform gets as many posts as it needs; media stay on the first post (Spread Media Over Thread moves what it cannot take to the next posts). ${SINGLE_POST_NAMES} take one post: a text over their limit is refused instead.`,
	displayOptions: { show: { '/contentType': ['posts'], '/contentMode': ['text'] } },
};

export const checkLengthField: INodeProperties = {
	displayName: 'Check Post Length',
	name: 'checkLength',
	type: 'boolean',
	default: true,
	description: `Whether to refuse, before anything is sent, a post longer than its platform allows, counted the way the platform counts (${LENGTH_LIMITS_HELP})`,
	displayOptions: { show: { '/contentType': ['posts', 'json'] } },
};

const LENGTH_LIMITS: PlatformLimitsSpec = {
	displayName: 'Length Limits',
	name: 'lengthLimits',
	description:
		'A different limit for a platform: a long-post X plan, a Mastodon server with another limit. 0 turns the check off for that platform.',
	contentTypes: ['posts', 'json'],
	defaultPlatform: 'x',
	valueDisplayName: 'Maximum Length',
	valueName: 'maxLength',
	valueDefault: 280,
	valueDescription: 'Counted the way that platform counts; 0 means no check',
};

export const lengthLimitsField = platformLimitsField(LENGTH_LIMITS);

export const numberPostsField: INodeProperties = {
	displayName: 'Number Split Posts',
	name: 'numberPosts',
	type: 'boolean',
	default: false,
	description:
		'Whether Auto-Split adds "1/5", "2/5", … to each post of a thread, counted within the limit',
	displayOptions: { show: { '/contentType': ['posts'], '/contentMode': ['text'] } },
};

const notForJson = { hide: { '/contentType': ['json'] } };

/** Content Options: the thread separator, alt texts of uploaded files, the upload timeout, the length and media checks, Auto-Split, Spread Media and UTM Tags. */
export const contentOptionsField: INodeProperties = {
	displayName: 'Content Options',
	name: 'contentOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { contentType: ['posts', 'xArticle', 'json'] } },
	options: [
		{
			displayName: 'Alt Texts',
			name: 'altTexts',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Alt Text',
			default: {},
			description: 'Alt text for files uploaded from binary properties',
			displayOptions: notForJson,
			options: [
				{
					displayName: 'Alt Text',
					name: 'altText',
					values: [
						{
							displayName: 'Binary Property',
							name: 'binaryProperty',
							type: 'string',
							default: 'data',
						},
						{ displayName: 'Alt Text', name: 'altText', type: 'string', default: '' },
					],
				},
			],
		},
		autoSplitField,
		checkMediaField,
		checkLengthField,
		lengthLimitsField,
		mediaLimitsField,
		{
			displayName: 'Media Upload Timeout (Seconds)',
			name: 'uploadTimeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 3600 },
			default: 120,
			description: 'How long to wait for each uploaded file to be processed',
			displayOptions: notForJson,
		},
		{
			displayName: 'Media URL Idle Timeout (Seconds)',
			name: 'mediaUrlIdleTimeout',
			type: 'number',
			typeOptions: { minValue: 0.1, maxValue: 3600 },
			default: DEFAULT_IDLE_TIMEOUT_SECONDS,
			description:
				'Longest time a Media URL may send nothing while its file is read; the download then stops with an error',
			displayOptions: notForJson,
		},
		{
			displayName: 'Media URL Max Size (MiB)',
			name: 'mediaUrlMaxSize',
			type: 'number',
			typeOptions: { minValue: 0.1 },
			default: DEFAULT_MAX_SIZE_MIB,
			description:
				"Largest file to read from each Media URL, in MiB. A larger Content-Length is refused before any upload is created; a download that passes it is stopped. It also sets each download's time limit (60 s plus 1 s per 256 KiB). Without this option, a download without Content-Length stops at 64 MiB when n8n keeps binary data in memory. The default fits X's largest video.",
			displayOptions: notForJson,
		},
		numberPostsField,
		spreadMediaField,
		{
			displayName: 'Thread Separator',
			name: 'threadSeparator',
			type: 'string',
			default: '---',
			description:
				'A line holding only this text starts the next post (also used for Platform Texts). It must not start with "=", which n8n reads as an expression.',
			displayOptions: notForJson,
		},
		{ ...utmTagsField, displayOptions: { show: { '/contentType': ['posts'] } } },
	],
};

export interface LengthSettings {
	/** "Posts" is one text (the default), not a list of posts: read here once per item. */
	textMode: boolean;
	limits: Limits;
	autoSplit: boolean;
	numbering: boolean;
}

/** The length options of one item, with the limits it sets. */
function readLengthOptions(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	overrides: Limits,
): LengthSettings {
	const textMode = context.getNodeParameter('contentMode', itemIndex, 'text') === 'text';
	return {
		textMode,
		limits: resolveLimits(options.checkLength !== false, overrides),
		autoSplit: textMode && options.autoSplit === true,
		numbering: options.numberPosts === true,
	};
}

export interface MediaSettings {
	limits: MediaLimits;
	spread: boolean;
}

/** The media options of one item, with the limits it sets. */
function readMediaOptions(options: IDataObject, overrides: MediaLimits): MediaSettings {
	return {
		limits: resolveMediaLimits(options.checkMedia !== false, overrides),
		spread: options.spreadMedia === true,
	};
}

/**
 * The options of the length and media checks: the limits each list sets are read first (a limit for the same
 * platform given twice is refused), then the limits in force resolved.
 */
function readCheckOptions(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): Pick<ContentOptions, 'lengths' | 'media'> {
	const lengthOverrides = readPlatformLimits(context, itemIndex, options, LENGTH_LIMITS);
	const mediaOverrides = readPlatformLimits(context, itemIndex, options, MEDIA_LIMITS);
	return {
		lengths: readLengthOptions(context, itemIndex, options, lengthOverrides),
		media: readMediaOptions(options, mediaOverrides),
	};
}

export interface ContentOptions {
	separator: string;
	upload: UploadSettings;
	lengths: LengthSettings;
	media: MediaSettings;
	/** UTM Tags (Social Posts only), undefined when not set. */
	utm: UtmTags | undefined;
}

/** Every content option of one item, read once and checked before any request. */
export function readContentOptions(context: IExecuteFunctions, itemIndex: number): ContentOptions {
	const options = context.getNodeParameter('contentOptions', itemIndex, {}) as IDataObject;
	const separator =
		typeof options.threadSeparator === 'string' && options.threadSeparator.trim()
			? options.threadSeparator
			: DEFAULT_SEPARATOR;
	const altTexts = ((options.altTexts as IDataObject | undefined)?.altText ?? []) as IDataObject[];
	return {
		separator,
		upload: {
			altTexts: new Map(
				altTexts.map((entry) => [
					String(entry.binaryProperty ?? '').trim(),
					String(entry.altText ?? ''),
				]),
			),
			timeoutMs:
				readPositiveNumber(context, itemIndex, options.uploadTimeout, {
					label: 'Media Upload Timeout (Seconds)',
					fallback: 120,
					max: 3600,
				}) * 1000,
			urlLimits: readUrlLimits(
				context,
				itemIndex,
				{ maxSizeMib: options.mediaUrlMaxSize, idleTimeoutSeconds: options.mediaUrlIdleTimeout },
				{
					maxSize: 'Media URL Max Size (MiB)',
					idleTimeout: 'Media URL Idle Timeout (Seconds)',
				},
			),
		},
		...readCheckOptions(context, itemIndex, options),
		utm:
			context.getNodeParameter('contentType', itemIndex, 'posts') === 'posts'
				? readUtmTags(context, itemIndex, options)
				: undefined,
	};
}
