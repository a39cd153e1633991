import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { MediaRef, MediaResolver } from '../../../../helpers/mediaSlots';
import type { PostPlatform } from '../../../../../common/platforms';
import { beforeUpload } from '../../../../helpers/mediaSlots';
import { LINK_PREVIEW_PLATFORMS } from '../../../../../common/platformLists';
import { toList } from '../../../../helpers/validation';
import type { PlatformPatch } from '../../../../helpers/merge';
import { platformsTaking } from '../../../../../common/platforms';
import { platformOptions } from '../../../descriptions/platformPickers';

/**
 * The builder of "Social Posts": what the posts each platform gets become in the API's platforms object.
 */

export interface PostInput {
	text: string;
	media: MediaRef[];
}

/** "Social Posts" content as read from the parameters (read.ts): the posts each chosen platform gets. */
export interface PostsContent {
	platforms: PostPlatform[];
	/** The posts of each chosen platform: the common ones, or its own text (Platform Texts); Auto-Split replaces them. */
	posts: Partial<Record<PostPlatform, PostInput[]>>;
	/** The parameter each platform's posts came from, for errors: Text, Posts or Platform Texts. */
	labels: Partial<Record<PostPlatform, string>>;
	/** The Platform Options collection as given (see options.ts for what each becomes). */
	options: IDataObject;
}

/**
 * Platform Options: the post and settings fields of the Platform configuration table, as one typed mapping
 * from each node parameter to the API field it sets. The description, Create's body and Update's patches
 * are all made from this list, so a field has one name on each side and nothing in between.
 */

type OptionKind =
	/** a text, sent trimmed; empty means not set */
	| 'text'
	/** a boolean, sent as it is */
	| 'flag'
	/** on sends `following` (reply_settings), off sends nothing */
	| 'following'
	/** a list of platforms: on (`true`) for the platforms listed */
	| 'platforms';

interface OptionSpec {
	/** The node parameter, inside the Platform Options collection. */
	name: string;
	/** The API field it sets. */
	field: string;
	/** Where the field goes: every post, the first post only, or the platform's settings. */
	on: 'posts' | 'firstPost' | 'settings';
	kind: OptionKind;
	property: Omit<INodeProperties, 'name' | 'displayOptions'>;
}

interface PlatformOption extends OptionSpec {
	/** The platforms that have the field (common/platforms.ts): the option shows and applies for these only. */
	platforms: readonly PostPlatform[];
}

const OPTION_SPECS: readonly OptionSpec[] = [
	{
		name: 'hideLinkPreview',
		field: 'hide_link_preview',
		on: 'posts',
		kind: 'platforms',
		property: {
			displayName: 'Hide Link Preview On',
			type: 'multiOptions',
			options: platformOptions(LINK_PREVIEW_PLATFORMS),
			default: [],
			description: 'Platforms whose posts show no link preview card',
		},
	},
	{
		name: 'linkedinReshareUrn',
		field: 'linkedin_reshare_urn',
		on: 'posts',
		kind: 'text',
		property: {
			displayName: 'LinkedIn Reshare URN',
			type: 'string',
			default: '',
			placeholder: 'e.g. urn:li:share:7000000000000000000',
			description: 'LinkedIn post to reshare with this post',
		},
	},
	{
		name: 'xCommunityId',
		field: 'community_id',
		on: 'settings',
		kind: 'text',
		property: {
			displayName: 'X Community ID',
			type: 'string',
			default: '',
			description: 'X community to post in (needs a plan that includes communities)',
		},
	},
	{
		name: 'xMadeWithAi',
		field: 'made_with_ai',
		on: 'posts',
		kind: 'flag',
		property: {
			displayName: 'X Made With AI',
			type: 'boolean',
			default: false,
			description: 'Whether to label the X posts as made with AI',
		},
	},
	{
		name: 'xRepliesFromFollowing',
		field: 'reply_settings',
		on: 'posts',
		kind: 'following',
		property: {
			displayName: 'X Only Followed Accounts Can Reply',
			type: 'boolean',
			default: false,
			description:
				'Whether to limit replies to the X posts to accounts you follow (reply settings "following")',
		},
	},
	{
		name: 'xPaidPartnership',
		field: 'paid_partnership',
		on: 'posts',
		kind: 'flag',
		property: {
			displayName: 'X Paid Partnership',
			type: 'boolean',
			default: false,
			description: 'Whether to mark the X posts as a paid partnership',
		},
	},
	{
		name: 'xQuotePostUrl',
		field: 'quote_post_url',
		on: 'firstPost',
		kind: 'text',
		property: {
			displayName: 'X Quote Post URL',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://x.com/user/status/1234567890',
			description: 'X post the first post quotes',
		},
	},
	{
		name: 'xReplyToUrl',
		field: 'reply_to_url',
		on: 'settings',
		kind: 'text',
		property: {
			displayName: 'X Reply To URL',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://x.com/user/status/1234567890',
			description:
				'X post this draft replies to. Reply drafts can be saved, but the service refuses to publish or schedule them.',
		},
	},
	{
		name: 'xShareWithFollowers',
		field: 'share_with_followers',
		on: 'settings',
		kind: 'flag',
		property: {
			displayName: 'X Share With Followers',
			type: 'boolean',
			default: false,
			description: 'Whether a community post is also shared with your followers',
		},
	},
	{
		name: 'xSubscribersOnly',
		field: 'subscribers_only',
		on: 'posts',
		kind: 'flag',
		property: {
			displayName: 'X Subscribers Only',
			type: 'boolean',
			default: false,
			description: 'Whether the X posts are for subscribers only',
		},
	},
];

export const PLATFORM_OPTIONS: readonly PlatformOption[] = OPTION_SPECS.map((option) => ({
	...option,
	platforms: platformsTaking(option.field, option.on === 'settings' ? 'settings' : 'posts'),
}));

/** The Platform Options collection; each option shows only when one of its platforms is chosen. */
export const platformOptionsField: INodeProperties = {
	displayName: 'Platform Options',
	name: 'platformOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { contentType: ['posts'] } },
	options: PLATFORM_OPTIONS.map(({ name, platforms, property: { displayName, ...property } }) => ({
		displayName,
		name,
		...property,
		displayOptions: { show: { '/platforms': [...platforms] } },
	})),
};

/** The API value an option gives `platform` on Create: undefined sends nothing. */
function createValue(option: PlatformOption, value: unknown, platform: PostPlatform): unknown {
	switch (option.kind) {
		case 'text':
			return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
		case 'flag':
			return typeof value === 'boolean' ? value : undefined;
		case 'following':
			return value === true ? 'following' : undefined;
		case 'platforms':
			return toList(value).includes(platform) ? true : undefined;
	}
}

/** The API value an option added on Update gives `platform`: null removes the field. */
function updateValue(option: PlatformOption, value: unknown, platform: PostPlatform): unknown {
	switch (option.kind) {
		case 'text':
			return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
		case 'flag':
			return value === true;
		case 'following':
			return value === true ? 'following' : null;
		case 'platforms':
			return toList(value).includes(platform) ? true : null;
	}
}

export interface OptionFields {
	posts: IDataObject;
	firstPost: IDataObject;
	settings: IDataObject;
}

/** Create: the API fields the Platform Options give each platform, by where they go. */
export function optionFields(
	options: IDataObject,
	platforms: readonly PostPlatform[],
): Record<PostPlatform, OptionFields> {
	const byPlatform = {} as Record<PostPlatform, OptionFields>;
	for (const platform of platforms) {
		const fields: OptionFields = { posts: {}, firstPost: {}, settings: {} };
		for (const option of PLATFORM_OPTIONS) {
			if (!option.platforms.includes(platform)) continue;
			const value = createValue(option, options[option.name], platform);
			if (value !== undefined) fields[option.on][option.field] = value as IDataObject[string];
		}
		byPlatform[platform] = fields;
	}
	return byPlatform;
}

/** Update: what the options added change on each chosen platform; an option added and left empty (or off) removes its field. */
export function optionPatches(
	options: IDataObject,
	platforms: PostPlatform[],
): Partial<Record<PostPlatform, PlatformPatch>> {
	const patches: Partial<Record<PostPlatform, PlatformPatch>> = {};
	const target = {
		posts: 'postFields',
		firstPost: 'firstPostFields',
		settings: 'settings',
	} as const;
	for (const platform of platforms) {
		for (const option of PLATFORM_OPTIONS) {
			if (!option.platforms.includes(platform) || options[option.name] === undefined) continue;
			const patch = (patches[platform] ??= {});
			const key = target[option.on];
			patch[key] = {
				...patch[key],
				[option.field]: updateValue(option, options[option.name], platform) as IDataObject[string],
			};
		}
	}
	return patches;
}

/**
 * The `platforms` object of the API specification for post platforms, built once: each chosen platform
 * enabled, with its posts and only the fields that platform has. Media still to upload stand as pending slots.
 */
export function buildPostPlatforms(
	content: PostsContent,
	resolve: MediaResolver = beforeUpload,
): IDataObject {
	// each post's text and media first, then the fields the options add
	const bodies = content.platforms.map((platform) =>
		(content.posts[platform] ?? []).map((post) => {
			const body: IDataObject = { text: post.text };
			if (post.media.length) body.media_ids = post.media.map(resolve) as unknown as string[];
			return body;
		}),
	);
	const options = optionFields(content.options, content.platforms);
	const platforms: IDataObject = {};
	content.platforms.forEach((platform, at) => {
		const fields = options[platform];
		const posts = bodies[at].map((body, index) => ({
			...body,
			...fields.posts,
			...(index === 0 ? fields.firstPost : {}),
		}));
		platforms[platform] = { enabled: true, posts, settings: fields.settings };
	});
	return platforms;
}
