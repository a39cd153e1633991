import type { INodeProperties } from 'n8n-workflow';
import { articleAndJsonFields, contentOptionsField } from './articleFields';
import { platformOptionsField } from './platformOptionFields';
import { POST_PLATFORM_OPTIONS } from '../descriptions';
import { editPostsField, replacePlatformContentField, updateContentNotice } from './updateContentFields';


const mediaIdsField: INodeProperties = {
	displayName: 'Media IDs',
	name: 'mediaIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57',
	description: 'Comma-separated IDs (UUIDs) of uploaded media to attach',
};

const binaryPropertiesField: INodeProperties = {
	displayName: 'Binary Media',
	name: 'binaryProperties',
	type: 'string',
	default: '',
	placeholder: 'e.g. data, image2',
	description: 'Comma-separated names of binary properties of the input item: each file is uploaded, waited for and attached',
};

const mediaUrlsField: INodeProperties = {
	displayName: 'Media URLs',
	name: 'mediaUrls',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/launch.png',
	description:
		'Comma-separated public URLs of files: each is checked (status, type, name) before any upload, streamed into an upload, waited for and attached',
};

/** The content fields of Create and Update, written once. `forUpdate` adds "Keep Current Content". */
export function contentFields(forUpdate: boolean): INodeProperties[] {
	const contentTypes = [
		{ name: 'Social Posts', value: 'posts', description: 'Posts (or a thread) for X, LinkedIn, Mastodon, Threads, Bluesky or Substack' },
		{ name: 'X Article', value: 'xArticle', description: 'A long-form X Article; it cannot be combined with other platforms' },
		{ name: 'Platforms JSON', value: 'json', description: 'The raw platforms object of the API, for full control' },
	];
	if (forUpdate) contentTypes.unshift({ name: 'Keep Current Content', value: 'keep', description: 'Do not change the content' });
	const defaultContentType = forUpdate ? 'keep' : 'posts';
	const contentModes = [
		{ name: 'One Text (Split Into a Thread)', value: 'text', description: 'A separator line (default ---) starts the next post' },
		{ name: 'List of Posts', value: 'posts', description: 'Each post with its own text and media' },
	];
	if (forUpdate) contentModes.push({ name: 'Edit Single Posts', value: 'edit', description: 'Set the text or media of, insert or remove posts by number' });
	return [
		{
			displayName: 'Content Type',
			name: 'contentType',
			type: 'options',
			options: contentTypes,
			default: defaultContentType,
		},
		{
			displayName: 'Platforms',
			name: 'platforms',
			type: 'multiOptions',
			options: POST_PLATFORM_OPTIONS,
			default: [],
			required: true,
			description: forUpdate ? 'Platforms whose content changes; the others stay as they are' : 'Platforms the draft posts to',
			displayOptions: { show: { contentType: ['posts'] } },
		},
		{
			displayName: 'Content As',
			name: 'contentMode',
			type: 'options',
			options: contentModes,
			default: 'text',
			displayOptions: { show: { contentType: ['posts'] } },
		},
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
		{ ...mediaIdsField, description: `${mediaIdsField.description} to the first post`, displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } } },
		{ ...binaryPropertiesField, description: `${binaryPropertiesField.description} to the first post`, displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } } },
		{ ...mediaUrlsField, description: `${mediaUrlsField.description} to the first post`, displayOptions: { show: { contentType: ['posts'], contentMode: ['text'] } } },
		{
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
						{ displayName: 'Text', name: 'text', type: 'string', typeOptions: { rows: 4 }, default: '' },
						mediaIdsField,
						binaryPropertiesField,
						mediaUrlsField,
					],
				},
			],
		},
		{
			displayName: 'Platform Texts',
			name: 'platformTexts',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Platform Text',
			default: {},
			description: 'A different text for one platform, split into posts the same way; media stay with the post at the same position',
			displayOptions: { show: { contentType: ['posts'], contentMode: ['text', 'posts'] } },
			options: [
				{
					displayName: 'Platform Text',
					name: 'platformText',
					values: [
						{ displayName: 'Platform', name: 'platform', type: 'options', options: POST_PLATFORM_OPTIONS, default: 'linkedin' },
						{ displayName: 'Text', name: 'text', type: 'string', typeOptions: { rows: 4 }, default: '' },
					],
				},
			],
		},
		...(forUpdate ? [editPostsField, replacePlatformContentField, updateContentNotice] : []),
		platformOptionsField,
		...articleAndJsonFields,
		contentOptionsField,
	];
}
