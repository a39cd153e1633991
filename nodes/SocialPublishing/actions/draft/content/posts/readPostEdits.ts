import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { PostPlatform } from '../../../../../common/platforms';
import { splitThread } from '../../../../helpers/text/threadSplit';
import type { PlatformPatch, PostEdit, PostPatch } from '../../../../helpers/merge';
import { paramError } from '../../../../helpers/validation';
import { readMediaRefs } from '../media';
import { optionPatches } from './build';
import {
	checkLinkedInPosts,
	readOverrides,
	readPlatforms,
	readPostEntries,
	readTextMedia,
} from './read';

/** Reading the Social Posts parameters of Draft > Update into changes for helpers/merge.ts. */

export type Patches = Partial<Record<PostPlatform, PlatformPatch>>;

export interface ThreadPatch {
	thread?: PostPatch[];
	edits?: PostEdit[];
	/** The parameter that gave the posts, for the problems found when merging. */
	label: string;
}

/** What an update of Social Posts changes, per chosen platform, and where each change came from. */
export interface PostsPatches {
	/** The label of the parameter that gave the posts, for problems of the merge. */
	label: string;
	/** The label per platform, where it differs (a platform's own text comes from Platform Texts). */
	labels: Partial<Record<PostPlatform, string>>;
	patches: Patches;
}

export const nothing = (value: string) => value.trim() === '';

/** Edit Single Posts: each entry checked before any request; Post Number 1 is the first post. */
function readEdits(context: IExecuteFunctions, itemIndex: number): ThreadPatch {
	const entries =
		(context.getNodeParameter('editPosts.edit', itemIndex, []) as IDataObject[]) ?? [];
	if (!entries.length)
		throw paramError(
			context,
			itemIndex,
			'Edit Posts',
			'holds no edit; add one (or choose another Content As)',
		);
	const edits = entries.map((entry, index) => readEdit(context, itemIndex, entry, index));
	return { edits, label: 'Edit Posts' };
}

function readEdit(
	context: IExecuteFunctions,
	itemIndex: number,
	entry: IDataObject,
	index: number,
): PostEdit {
	const where = `Edit Posts (edit ${index + 1})`;
	const action = String(entry.editAction ?? 'setText');
	const number = Number(entry.postNumber ?? 1);
	if (action !== 'append' && (!Number.isInteger(number) || number < 1)) {
		throw paramError(
			context,
			itemIndex,
			where,
			`has Post Number "${String(entry.postNumber)}"; give a whole number from 1`,
		);
	}
	const text = String(entry.text ?? '');
	const media = ['append', 'insert', 'setMedia'].includes(action)
		? readMediaRefs(context, itemIndex, {
				label: where,
				ids: entry.mediaIds,
				binaries: entry.binaryProperties,
			})
		: [];
	if (
		(action === 'setText' || action === 'append' || action === 'insert') &&
		nothing(text) &&
		!media.length
	) {
		throw paramError(
			context,
			itemIndex,
			where,
			action === 'setText'
				? 'sets an empty text; to delete the post use Remove Post'
				: 'adds a post with neither text nor media',
		);
	}
	const post = number - 1;
	switch (action) {
		case 'setText':
			return { action, post, text: text.trim() };
		case 'setMedia':
			return { action, post, media };
		case 'remove':
			return { action, post };
		case 'insert':
			return { action, post, text: text.trim(), media };
		case 'append':
			return { action, text: text.trim(), media };
		default:
			throw paramError(context, itemIndex, where, `has an unknown action "${action}"`);
	}
}

/** The posts given for every chosen platform: One Text, a List of Posts, or Edit Single Posts. */
export function readThreadPatch(
	context: IExecuteFunctions,
	itemIndex: number,
	separator: string,
): ThreadPatch {
	const mode = context.getNodeParameter('contentMode', itemIndex, 'text') as string;
	if (mode === 'edit') return readEdits(context, itemIndex);
	if (mode === 'posts') {
		const thread = readPostEntries(context, itemIndex).map(
			({ text, media }): PostPatch => ({
				...(text ? { text } : {}),
				...(media.length ? { media } : {}),
			}),
		);
		return { thread, label: 'Posts' };
	}
	const texts = splitThread(String(context.getNodeParameter('text', itemIndex, '')), separator);
	const media = readTextMedia(context, itemIndex);
	if (texts.length)
		return {
			thread: texts.map((text, index) => ({
				text,
				...(index === 0 && media.length ? { media } : {}),
			})),
			label: 'Text',
		};
	if (media.length) return { edits: [{ action: 'setMedia', post: 0, media }], label: 'Media IDs' };
	return { label: 'Text' };
}

function isEmptyPatch(patch: PlatformPatch | undefined): boolean {
	return !patch || Object.values(patch).every((value) => value === undefined);
}

/** Update: Social Posts to merge into the draft: per chosen platform, the thread (or edits), its own text, and the options set. */
export function readPostsPatches(
	context: IExecuteFunctions,
	itemIndex: number,
	separator: string,
): PostsPatches {
	const platforms = readPlatforms(context, itemIndex);
	const { thread, edits, label } = readThreadPatch(context, itemIndex, separator);
	const mode = context.getNodeParameter('contentMode', itemIndex, 'text') as string;
	const overrides = mode === 'edit' ? {} : readOverrides(context, itemIndex, platforms, separator);
	const options = optionPatches(
		context.getNodeParameter('platformOptions', itemIndex, {}) as IDataObject,
		platforms,
	);
	const patches: Patches = {};
	const labels: Partial<Record<PostPlatform, string>> = {};
	for (const platform of platforms) {
		const own = overrides[platform];
		const firstMedia = thread?.[0]?.media;
		const platformThread = own
			? own.map((text, index) => ({
					text,
					...(index === 0 && firstMedia ? { media: firstMedia } : {}),
				}))
			: thread;
		const patch: PlatformPatch = {
			...options[platform],
			...(platformThread ? { thread: platformThread } : {}),
			...(edits ? { edits } : {}),
		};
		// a chosen platform with nothing to change is not sent at all
		if (isEmptyPatch(patch)) continue;
		patches[platform] = patch;
		labels[platform] = own ? 'Platform Texts' : label;
	}
	checkLinkedInPosts(
		context,
		itemIndex,
		patches.linkedin?.thread?.length ?? 0,
		overrides.linkedin ? 'Platform Texts' : label,
	);
	if (Object.keys(patches).length === 0) {
		throw paramError(
			context,
			itemIndex,
			label,
			'is empty and no media, platform text or option is set: there is nothing to change on the chosen platforms (choose Keep Current Content to change only other fields)',
		);
	}
	return { label, labels, patches };
}
