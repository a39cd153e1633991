import type { INodeProperties } from 'n8n-workflow';
import { POST_PLATFORM_OPTIONS } from '../../../descriptions/platformPickers';
import { binaryPropertiesField, mediaIdsField, mediaUrlsField } from '../media';
import { platformOptionsField } from './build';

/** The platforms whose posts are given. */
function platformsField(forUpdate: boolean): INodeProperties {
	return {
		displayName: 'Platforms',
		name: 'platforms',
		type: 'multiOptions',
		options: POST_PLATFORM_OPTIONS,
		default: [],
		required: true,
		description: forUpdate
			? 'Platforms whose content changes; the others stay as they are'
			: 'Platforms the draft posts to',
		displayOptions: { show: { contentType: ['posts'] } },
	};
}

/** How the posts are given: one text split into a thread, a list of posts, or (Update) edits of single posts. */
function contentModeField(forUpdate: boolean): INodeProperties {
	const contentModes = [
		{
			name: 'One Text (Split Into a Thread)',
			value: 'text',
			description: 'A separator line (default ---) starts the next post',
		},
		{ name: 'List of Posts', value: 'posts', description: 'Each post with its own text and media' },
	];
	if (forUpdate)
		contentModes.push({
			name: 'Edit Single Posts',
			value: 'edit',
			description: 'Set the text or media of, insert or remove posts by number',
		});
	return {
		displayName: 'Content As',
		name: 'contentMode',
		type: 'options',
		options: contentModes,
		default: 'text',
		displayOptions: { show: { contentType: ['posts'] } },
	};
}

/** One Text: the text, and the media of its first post. */
function oneTextFields(forUpdate: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			required: !forUpdate,
			hint: forUpdate
				? 'Leave empty to keep the current texts. A line holding only the thread separator (default ---) starts the next post; the media and options of each post stay with its position. Give the whole thread: a shorter text is refused (remove posts with Edit Single Posts).'
				: 'A line holding only the thread separator (default ---) starts the next post of the thread',
			displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } },
		},
		{
			...mediaIdsField,
			description: `${mediaIdsField.description} to the first post`,
			displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } },
		},
		{
			...binaryPropertiesField,
			description: `${binaryPropertiesField.description} to the first post`,
			displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } },
		},
		{
			...mediaUrlsField,
			description: `${mediaUrlsField.description} to the first post`,
			displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } },
		},
	];
}

/** List of Posts: each post with its text and media. */
function postsListField(forUpdate: boolean): INodeProperties {
	return {
		displayName: 'Posts',
		name: 'posts',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Post',
		default: {},
		description: forUpdate
			? 'The posts in order, at least as many as the thread has: an empty text or media keeps the current one at that position, and posts beyond the thread are added (remove posts with Edit Single Posts)'
			: 'The posts in order; several posts form a thread',
		displayOptions: { show: { contentType: ['posts'], contentMode: ['posts'] } },
		options: [
			{
				displayName: 'Post',
				name: 'post',
				values: [
					{
						displayName: 'Text',
						name: 'text',
						type: 'string',
						typeOptions: { rows: 4 },
						default: '',
					},
					mediaIdsField,
					binaryPropertiesField,
					mediaUrlsField,
				],
			},
		],
	};
}

/** Platform Texts: a text of its own for a platform. */
const platformTextsField: INodeProperties = {
	displayName: 'Platform Texts',
	name: 'platformTexts',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Platform Text',
	default: {},
	description:
		'A different text for one platform, split into posts the same way; media stay with the post at the same position',
	displayOptions: { show: { contentType: ['posts'], contentMode: ['text', 'posts'] } },
	options: [
		{
			displayName: 'Platform Text',
			name: 'platformText',
			values: [
				{
					displayName: 'Platform',
					name: 'platform',
					type: 'options',
					options: POST_PLATFORM_OPTIONS,
					default: 'linkedin',
				},
				{
					displayName: 'Text',
					name: 'text',
					type: 'string',
					typeOptions: { rows: 4 },
					default: '',
				},
			],
		},
	],
};

/** The "Social Posts" fields of Create and Update; Update adds Edit Single Posts and Replace Platform Content. */
export function postsFields(forUpdate: boolean): INodeProperties[] {
	return [
		platformsField(forUpdate),
		contentModeField(forUpdate),
		...oneTextFields(forUpdate),
		postsListField(forUpdate),
		platformTextsField,
		...(forUpdate ? [editPostsField, replacePlatformContentField, updateContentNotice] : []),
		platformOptionsField,
	];
}

/** Fields only Draft > Update has: edits of single posts, and replacing platforms whole. */

export const editPostsField: INodeProperties = {
	displayName: 'Edit Posts',
	name: 'editPosts',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Edit',
	default: {},
	description:
		'Changes to single posts of the chosen platforms, applied in order; each Post Number counts the thread as the earlier edits left it. Everything else stays as it is.',
	displayOptions: { show: { contentType: ['posts'], contentMode: ['edit'] } },
	options: [
		{
			displayName: 'Edit',
			name: 'edit',
			values: [
				{
					displayName: 'Action',
					name: 'editAction',
					type: 'options',
					options: [
						{
							name: 'Append Post',
							value: 'append',
							description: 'Add a post at the end of the thread',
						},
						{
							name: 'Insert Post',
							value: 'insert',
							description:
								'Add a post that becomes post number N; the posts from N on move one down',
						},
						{
							name: 'Remove Post',
							value: 'remove',
							description: 'Delete post number N from the thread',
						},
						{
							name: 'Replace Media',
							value: 'setMedia',
							description: 'Set the media of post number N; none given removes them',
						},
						{
							name: 'Set Text',
							value: 'setText',
							description: 'Replace the text of post number N; its media and options stay',
						},
					],
					default: 'setText',
				},
				{
					...binaryPropertiesField,
					description:
						'Comma-separated names of binary properties of the input item: each file is uploaded, waited for and attached to the post',
				},
				{
					...mediaIdsField,
					description: 'Comma-separated IDs (UUIDs) of uploaded media for the post',
				},
				{
					displayName: 'Post Number',
					name: 'postNumber',
					type: 'number',
					default: 1,
					description:
						'Position in the thread, 1 for the first post. For Insert Post, one past the last post appends.',
				},
				{
					displayName: 'Text',
					name: 'text',
					type: 'string',
					default: '',
				},
			],
		},
	],
};

export const replacePlatformContentField: INodeProperties = {
	displayName: 'Replace Platform Content',
	name: 'replacePlatformContent',
	type: 'boolean',
	default: false,
	description:
		'Whether to replace the chosen platforms whole with what is given here, as Create builds them: media, options and posts not given here are dropped. Off, the draft is read first and only what you set changes.',
	displayOptions: { show: { contentType: ['posts'], contentMode: ['text', 'posts'] } },
};

export const updateContentNotice: INodeProperties = {
	displayName:
		'Only what you set changes: the draft is read first, and the texts, media, options, posts and platforms you leave empty stay as they are. In Platform Options, an option added and left empty (or off) is removed.',
	name: 'updateContentNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { contentType: ['posts'], replacePlatformContent: [false] } },
};
