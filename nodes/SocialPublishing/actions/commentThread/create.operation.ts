import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { isPlatformOn } from '../../../common/platformLists';
import { paramError } from '../../helpers/validation';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';
import {
	THREAD_PLATFORMS,
	checkInteger,
	commentTextField,
	getBoundedText,
	getDraftIds,
	threadLocatorFields,
} from './threadFields';
import { reconcileThreadCreate } from './reconcile';
import { COMMENT_TEXT_MAX, OCCURRENCE_MAX, SELECTED_TEXT_MAX } from '../../../common/limits';

const fields: INodeProperties[] = [
	...threadLocatorFields(false),
	{
		displayName: 'Post Index',
		name: 'postIndex',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description:
			"Zero-based position of the post in the platform's thread (0 for the first post, and for an X Article)",
	},
	{
		displayName: 'Selected Text',
		name: 'selectedText',
		type: 'string',
		typeOptions: { rows: 2 },
		required: true,
		default: '',
		description: 'The exact text in the post to anchor the thread to (1 to 50,000 characters)',
		hint: 'Must appear in the post as written; for an X Article, match the rendered text without markdown syntax',
	},
	{ ...commentTextField, description: 'The first comment of the thread (1 to 10,000 characters)' },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Occurrence',
				name: 'occurrence',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: OCCURRENCE_MAX, numberPrecision: 0 },
				default: 0,
				description:
					'Which match of the selected text to anchor to when it appears several times (0 = the first)',
			},
			{
				displayName: 'Platform',
				name: 'platform',
				type: 'options',
				options: THREAD_PLATFORMS,
				default: 'x',
				description:
					'The platform content to comment on; needed when the draft has several platforms that take comments',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['commentThread'], operation: ['create'] } },
	fields,
);

/** Whether the draft's content is an X Article (its only commentable content), read from the draft. */
async function isArticleDraft(
	context: IExecuteFunctions,
	itemIndex: number,
	draftPath: string,
): Promise<boolean> {
	const draft = await apiRequest(context, { method: 'GET', path: draftPath, itemIndex });
	return isPlatformOn('x_article', (draft.platforms as IDataObject | undefined)?.x_article);
}

const ARTICLE_POST_INDEX = 'must be 0 for an X Article (it has no separate posts)';

/**
 * Comment threads, rules: "For `x_article`, omit post_index (or send 0)". With Platform "X Article" post_index is
 * left out; without a Platform, a Post Index above 0 is checked against the draft first, since the service then
 * picks the draft's only commentable content, which may be an article.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const { socialSetId, draftId } = getDraftIds(this, itemIndex);
	const path = endpoints.commentThreads(socialSetId, draftId);
	const postIndex = checkInteger(
		this,
		itemIndex,
		this.getNodeParameter('postIndex', itemIndex, 0),
		{ label: 'Post Index', min: 0 },
	);
	const selectedText = getBoundedText(
		this,
		itemIndex,
		'selectedText',
		'Selected Text',
		SELECTED_TEXT_MAX,
	);
	const text = getBoundedText(this, itemIndex, 'text', 'Text', COMMENT_TEXT_MAX);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const article = options.platform === 'x_article';
	const body: IDataObject = {
		...(article ? {} : { post_index: postIndex }),
		selected_text: selectedText,
		text,
	};
	if (options.occurrence !== undefined) {
		body.occurrence = checkInteger(this, itemIndex, options.occurrence, {
			label: 'Occurrence',
			min: 0,
			max: OCCURRENCE_MAX,
		});
	}
	if (options.platform) body.platform = options.platform;
	if (article && postIndex !== 0)
		throw paramError(this, itemIndex, 'Post Index', ARTICLE_POST_INDEX);
	if (
		!options.platform &&
		postIndex !== 0 &&
		(await isArticleDraft(this, itemIndex, endpoints.draft(socialSetId, draftId)))
	) {
		throw paramError(
			this,
			itemIndex,
			'Post Index',
			`${ARTICLE_POST_INDEX}; this draft is an X Article`,
		);
	}
	return await apiRequest(this, { method: 'POST', path, body, itemIndex });
}

export const access: Access = { kind: 'write', reconcile: reconcileThreadCreate };
