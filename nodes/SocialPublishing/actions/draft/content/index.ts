import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { uploadPendingMedia } from '../../../mediaUpload/pendingMedia';
import { checkPlatformsObject, paramError } from '../../../helpers/validation';
import { articleFields, buildArticlePlatforms, readArticle } from './article';
import { platformsJsonField, readPlatformsJson } from './json';
import { checkLengths, fitPostLengths } from './lengths';
import { checkMedia, fitPostMedia, recheckServedMedia } from './mediaCheck';
import { contentOptionsField, readContentOptions } from './options';
import { buildPostPlatforms } from './posts/build';
import { postsFields } from './posts/postsFields';
import { readPostsContent } from './posts/read';
import type { Report } from './report';
import { stopAtFirst } from './report';
import { tagPostsContent } from './utmTags';

/** The content fields of Create and Update, written once. `forUpdate` adds "Keep Current Content". */
export function contentFields(forUpdate: boolean): INodeProperties[] {
	const contentTypes = [
		{
			name: 'Social Posts',
			value: 'posts',
			description: 'Posts (or a thread) for X, LinkedIn, Mastodon, Threads, Bluesky or Substack',
		},
		{
			name: 'X Article',
			value: 'xArticle',
			description: 'A long-form X Article; it cannot be combined with other platforms',
		},
		{
			name: 'Platforms JSON',
			value: 'json',
			description: 'The raw platforms object of the API, for full control',
		},
	];
	if (forUpdate)
		contentTypes.unshift({
			name: 'Keep Current Content',
			value: 'keep',
			description: 'Do not change the content',
		});
	const defaultContentType = forUpdate ? 'keep' : 'posts';
	return [
		{
			displayName: 'Content Type',
			name: 'contentType',
			type: 'options',
			options: contentTypes,
			default: defaultContentType,
		},
		...postsFields(forUpdate),
		...articleFields,
		platformsJsonField,
		contentOptionsField,
	];
}

/** Draft content read, built once and checked; `upload()` uploads the media it waits for and puts their ids in. */
export interface PreparedContent {
	/** The platforms object as it will be sent; media still to upload stand as pending slots until `upload()`. */
	platforms: IDataObject;
	upload(): Promise<void>;
}

/**
 * Reads the content fields of Create (and of Update's Replace Platform Content) for one item, checks every
 * rule that needs no request, and builds the platforms object once. Nothing is uploaded yet. The length and
 * media checks go to `report` (Validate Only notes them all); a parameter that cannot be read still throws.
 */
export function readContent(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	forUpdate: boolean,
	report: Report = stopAtFirst,
): PreparedContent {
	const contentType = context.getNodeParameter('contentType', itemIndex, 'posts') as string;
	const options = readContentOptions(context, itemIndex);
	let platforms: IDataObject;
	if (contentType === 'json') {
		// sent as given: checked as a whole platforms object and for length, no media to upload
		const given = readPlatformsJson(context, itemIndex, forUpdate);
		const labelOf = () => 'Platforms JSON';
		checkLengths(context, itemIndex, given, {
			settings: options.lengths,
			labelOf,
			json: true,
			report,
		});
		checkMedia(context, itemIndex, given, options.media, { label: 'Platforms JSON', report });
		return { platforms: given, upload: async () => {} };
	}
	if (contentType === 'xArticle') {
		platforms = buildArticlePlatforms(readArticle(context, itemIndex));
	} else {
		const content = readPostsContent(
			context,
			itemIndex,
			options.separator,
			options.lengths.textMode,
		);
		// UTM Tags first: Auto-Split and the length check count the links as they will be sent
		tagPostsContent(context, itemIndex, content, options.utm, report);
		fitPostLengths(context, itemIndex, content, options.lengths, report);
		fitPostMedia(context, itemIndex, content, options.media, report);
		platforms = buildPostPlatforms(content);
	}
	const backstop = checkPlatformsObject(platforms, !forUpdate);
	if (backstop)
		throw paramError(
			context,
			itemIndex,
			contentType === 'xArticle' ? 'Article Markdown' : 'Platforms',
			backstop,
		);
	return {
		platforms,
		upload: async () =>
			await uploadPendingMedia(context, itemIndex, {
				socialSetId,
				platforms,
				settings: options.upload,
				checkServed: (served) =>
					recheckServedMedia(context, itemIndex, platforms, options.media, { served }),
			}),
	};
}
