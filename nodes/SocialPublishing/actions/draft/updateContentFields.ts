import type { INodeProperties } from 'n8n-workflow';
import { POST_PLATFORM_OPTIONS } from '../descriptions';

/** Fields only Draft > Update has: edits of single posts, replacing platforms whole, turning platforms on or off. */

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
							description: 'Add a post that becomes post number N;	the posts from N on move one down',
						},
						{
							name: 'Remove Post',
							value: 'remove',
							description: 'Delete post number N from the thread',
						},
						{
							name: 'Replace Media',
							value: 'setMedia',
							description: 'Set the media of post number N;	none given removes them',
						},
						{
							name: 'Set Text',
							value: 'setText',
							description: 'Replace the text of post number N;	its media and options stay',
						},
					],
					default: 'setText',
				},
				{
					displayName: 'Binary Media',
					name: 'binaryProperties',
					type: 'string',
					default: '',
					placeholder: 'e.g. data, image2',
					description: 'Comma-separated names of binary properties of the input item:	each file is uploaded, waited for and attached to the post',
				},
				{
					displayName: 'Media IDs',
					name: 'mediaIds',
					type: 'string',
					default: '',
					placeholder: 'e.g. 3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57',
					description: 'Comma-separated IDs (UUIDs) of uploaded media for the post',
				},
				{
					displayName: 'Post Number',
					name: 'postNumber',
					type: 'number',
					default: 1,
					description: 'Position in the thread, 1 for the first post. For Insert Post, one past the last post appends.',
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

/** Update Fields options that turn platforms of the draft on or off, keeping their content. */
export const platformToggleFields: INodeProperties[] = [
	{
		displayName: 'Disable Platforms',
		name: 'disablePlatforms',
		type: 'multiOptions',
		options: POST_PLATFORM_OPTIONS,
		default: [],
		description: 'Platforms to turn off on the draft; their content is kept, so they can be turned on again',
	},
	{
		displayName: 'Enable Platforms',
		name: 'enablePlatforms',
		type: 'multiOptions',
		options: POST_PLATFORM_OPTIONS,
		default: [],
		description: 'Platforms of the draft to turn on again, with the content they have',
	},
];
