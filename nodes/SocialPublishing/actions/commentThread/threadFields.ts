import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { getIntegerId, getSocialSetId, getUuid } from '../params';
import { paramError } from '../../helpers/validation';
import { POST_PLATFORM_OPTIONS } from '../descriptions/platformPickers';
import { socialSetLocator } from '../../../common/socialSets';
import { endpoints } from '../../../common/transport/endpoints';

/** Fields and checks shared by the Comment Thread and Comment resources. */

/** Platforms a comment thread can sit on: the post platforms and X Article. */
export const THREAD_PLATFORMS: INodePropertyOptions[] = [
	...POST_PLATFORM_OPTIONS,
	{ name: 'X Article', value: 'x_article' },
];

export const draftIdField: INodeProperties = {
	displayName: 'Draft ID',
	name: 'draftId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 1234',
	description: 'The ID of the draft the comment threads belong to',
};

export const threadIdField: INodeProperties = {
	displayName: 'Comment Thread ID',
	name: 'threadId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 0f8fad5b-d9cb-469f-a165-70867728950e',
	description: 'The UUID of the comment thread',
};

export const commentIdField: INodeProperties = {
	displayName: 'Comment ID',
	name: 'commentId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 7c9e6679-7425-40de-944b-e07fc1f90ae7',
	description: 'The UUID of the comment',
};

export const commentTextField: INodeProperties = {
	displayName: 'Text',
	name: 'text',
	type: 'string',
	typeOptions: { rows: 3 },
	required: true,
	default: '',
	description:
		'The comment, as plain text (1 to 10,000 characters; user mentions are not supported)',
};

/** Social set locator, Draft ID and (optionally) Comment Thread ID, in the order every operation shows them. */
export function threadLocatorFields(withThread: boolean): INodeProperties[] {
	return withThread
		? [socialSetLocator, draftIdField, threadIdField]
		: [socialSetLocator, draftIdField];
}

/** The item's Social Set and Draft ID, both checked to be whole numbers, in that order. */
export function getDraftIds(
	context: IExecuteFunctions,
	itemIndex: number,
): { socialSetId: number; draftId: number } {
	const socialSetId = getSocialSetId(context, itemIndex);
	const draftId = getIntegerId(context, itemIndex, 'draftId', 'Draft ID');
	return { socialSetId, draftId };
}

/** The comment threads base path, from the item's Social Set and Draft ID. */
export function getThreadsPath(context: IExecuteFunctions, itemIndex: number): string {
	const { socialSetId, draftId } = getDraftIds(context, itemIndex);
	return endpoints.commentThreads(socialSetId, draftId);
}

export interface ThreadTarget {
	socialSetId: number;
	draftId: number;
	threadId: string;
	/** The path of the comment thread itself. */
	path: string;
}

/** The path of one comment thread, with the IDs it is made of. */
export function getThreadPath(context: IExecuteFunctions, itemIndex: number): ThreadTarget {
	const { socialSetId, draftId } = getDraftIds(context, itemIndex);
	const threadId = getUuid(context, itemIndex, 'threadId', 'Comment Thread ID');
	return {
		socialSetId,
		draftId,
		threadId,
		path: endpoints.commentThread(socialSetId, draftId, threadId),
	};
}

/** A text parameter of 1 to `max` characters (counted as Unicode code points). */
export function getBoundedText(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	max: number,
): string {
	const value = context.getNodeParameter(name, itemIndex, '') as unknown;
	const text =
		typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
	const length = [...text].length;
	if (length < 1 || length > max) {
		throw paramError(
			context,
			itemIndex,
			label,
			`must be 1 to ${max.toLocaleString('en-US')} characters, got ${length}`,
		);
	}
	return text;
}

/** The bounds of a whole-number parameter, and its name for errors. */
export interface IntegerRule {
	label: string;
	min: number;
	/** no upper bound when left out */
	max?: number;
}

/** A whole number from `min` to `max`. */
export function checkInteger(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	{ label, min, max }: IntegerRule,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const range =
		max === undefined ? `of at least ${min}` : `from ${min} to ${max.toLocaleString('en-US')}`;
	if (
		typeof number !== 'number' ||
		!Number.isInteger(number) ||
		number < min ||
		(max !== undefined && number > max)
	) {
		throw paramError(
			context,
			itemIndex,
			label,
			`must be a whole number ${range}, got "${String(value)}"`,
		);
	}
	return number;
}
