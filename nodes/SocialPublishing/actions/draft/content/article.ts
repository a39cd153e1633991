import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { MediaRef, MediaResolver } from '../../../helpers/mediaSlots';
import { beforeUpload } from '../../../helpers/mediaSlots';
import type { ArticlePatch } from '../../../helpers/merge';
import { paramError } from '../../../helpers/validation';
import { readMediaRefs } from './media';

/** The X Article: its fields, its readers (Create, Update) and its builder (Platform configuration: x_article object). */

export const articleFields: INodeProperties[] = [
	{
		displayName: 'Article Markdown',
		name: 'articleMarkdown',
		type: 'string',
		typeOptions: { rows: 10 },
		default: '',
		required: true,
		description:
			'The X Article in Markdown; embeds use self-closing svc:media (media_id) and svc:x-post (URL) tags',
		displayOptions: { show: { contentType: ['xArticle'] } },
	},
	{
		displayName: 'Article Options',
		name: 'articleOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { contentType: ['xArticle'] } },
		options: [
			{
				displayName: 'Cover Binary Property',
				name: 'coverBinaryProperty',
				type: 'string',
				default: '',
				description: 'Binary property of the input item to upload and use as the cover',
			},
			{
				displayName: 'Cover Media ID',
				name: 'coverMediaId',
				type: 'string',
				default: '',
				description: 'ID (UUID) of uploaded media used as the cover',
			},
		],
	},
];

export interface ArticleContent {
	markdown: string;
	cover?: MediaRef;
}

/** The cover from Article Options: a media ID or a binary property, never both. */
function readCover(context: IExecuteFunctions, itemIndex: number): MediaRef | undefined {
	const options = context.getNodeParameter('articleOptions', itemIndex, {}) as IDataObject;
	const coverId = String(options.coverMediaId ?? '').trim();
	const coverBinary = String(options.coverBinaryProperty ?? '').trim();
	if (coverId && coverBinary)
		throw paramError(
			context,
			itemIndex,
			'Article Options',
			'sets both a cover media ID and a cover binary property; choose one',
		);
	return readMediaRefs(context, itemIndex, {
		label: 'Cover Media ID',
		ids: coverId,
		binaries: coverBinary,
	})[0];
}

/** Create (and Replace Platform Content): the article as given; its markdown is required. */
export function readArticle(context: IExecuteFunctions, itemIndex: number): ArticleContent {
	const markdown = String(context.getNodeParameter('articleMarkdown', itemIndex, ''));
	if (!markdown.trim()) throw paramError(context, itemIndex, 'Article Markdown', 'is empty');
	return { markdown, cover: readCover(context, itemIndex) };
}

/** Update: a new markdown, a new cover, or both; what is left empty is kept. */
export function readArticlePatch(context: IExecuteFunctions, itemIndex: number): ArticlePatch {
	const markdown = String(context.getNodeParameter('articleMarkdown', itemIndex, ''));
	const cover = readCover(context, itemIndex);
	const empty = markdown.trim() === '';
	if (empty && !cover)
		throw paramError(
			context,
			itemIndex,
			'Article Markdown',
			'is empty and no cover is set: there is nothing to change on the X Article',
		);
	return { ...(empty ? {} : { markdown }), ...(cover ? { cover } : {}) };
}

/** The platforms object of an X Article: content_markdown and cover_media_id only, no `enabled` (Platform configuration). */
export function buildArticlePlatforms(
	content: ArticleContent,
	resolve: MediaResolver = beforeUpload,
): IDataObject {
	return {
		x_article: {
			content_markdown: content.markdown,
			cover_media_id: (content.cover ? resolve(content.cover) : null) as string | null,
		},
	};
}
