import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { foldCase, toList, paramError } from '../../../helpers/validation';
import { indexBy } from '../../../helpers/lists';
import { runOf } from '../../../../common/run';
import { apiRequest, apiRequestAllItems } from '../../../../common/transport';
import { echo } from '../../../../common/text/echo';
import { endpoints } from '../../../../common/transport/endpoints';
import { DRAFT_LIMITS } from '../../../../common/limits';

/**
 * Tags given by name on Draft Create and Update: matched to the social set's tags (by name or slug,
 * ignoring case), missing ones created only when the user allows it.
 */

export const TAG_NAMES_LABEL = 'Tag Names';

export function tagNamesField(forUpdate: boolean): INodeProperties {
	return {
		displayName: TAG_NAMES_LABEL,
		name: 'tagNames',
		type: 'string',
		default: '',
		placeholder: 'e.g. Product News, weekly-tips',
		description: forUpdate
			? 'Comma-separated tag names or slugs, matched to the tags of the social set ignoring case. They are ADDED to the draft: its other tags stay. With "Tag Names or IDs" they are added to the picked tags instead; with "Clear Fields" → Tags the draft gets exactly these.'
			: 'Comma-separated tag names or slugs, matched to the tags of the social set ignoring case; sent together with any tags picked in "Tag Names or IDs"',
	};
}

export const createMissingTagsField: INodeProperties = {
	displayName: 'Create Missing Tags',
	name: 'createMissingTags',
	type: 'boolean',
	default: false,
	description:
		'Whether to create the tags named in "Tag Names" that the social set does not have yet (needs WRITE access). Off, a name that matches no tag fails before the draft is sent.',
};

interface Tag {
	slug: string;
	name: string;
}

/** What the user asked for, read and checked before any request: different names, at most MAX_TAG_NAMES. */
export interface TagNamesRequest {
	names: string[];
	/** Each name folded (foldCase), in the same order. */
	folded: string[];
	createMissing: boolean;
}

/**
 * The tags of a social set, indexed once by folded name and by folded slug (the first of each kept, as a scan in
 * list order finds it), so matching a name is a look-up, not a pass over every tag.
 */
class TagIndex {
	private readonly byName: Map<string, Tag>;
	private readonly bySlug: Map<string, Tag>;

	constructor(readonly list: Tag[]) {
		this.byName = indexBy(list, (tag) => foldCase(tag.name));
		this.bySlug = indexBy(list, (tag) => foldCase(tag.slug));
	}

	/** The tag a folded name stands for: a tag of that name first, else a tag with that slug. */
	match(folded: string): Tag | undefined {
		return this.byName.get(folded) ?? this.bySlug.get(folded);
	}

	/** The tag of a folded slug. */
	slug(folded: string): Tag | undefined {
		return this.bySlug.get(folded);
	}

	/** Tags being created by this run, by folded name. */
	private readonly creating = new Map<string, Promise<Tag>>();

	/**
	 * The tag of a name missing when matched: found now if another item made it meanwhile, else made once
	 * by `create` (items in flight together that miss the same name share one request).
	 */
	async createOnce(name: string, create: () => Promise<Tag>): Promise<Tag> {
		const folded = foldCase(name);
		const known = this.match(folded);
		if (known) return known;
		let pending = this.creating.get(folded);
		if (!pending) {
			pending = create().then((tag) => {
				this.add(tag);
				return tag;
			});
			this.creating.set(folded, pending);
			const forget = () => this.creating.delete(folded);
			pending.then(forget, forget);
		}
		return await pending;
	}

	/** A tag created during the run, found by the next items. */
	add(tag: Tag): void {
		this.list.push(tag);
		const name = foldCase(tag.name);
		const slug = foldCase(tag.slug);
		if (!this.byName.has(name)) this.byName.set(name, tag);
		if (!this.bySlug.has(slug)) this.bySlug.set(slug, tag);
	}
}

/** Tags of the social sets already read by this node run: one read (all pages) per social set. */
const tagCache = new WeakMap<object, Map<number, Promise<TagIndex>>>();

async function tagsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
): Promise<TagIndex> {
	const run = runOf(context);
	let sets = tagCache.get(run);
	if (!sets) tagCache.set(run, (sets = new Map()));
	let tags = sets.get(socialSetId);
	if (!tags) {
		tags = apiRequestAllItems<Tag>(context, {
			method: 'GET',
			path: endpoints.tags(socialSetId),
			itemIndex,
		}).then((list) => new TagIndex(list));
		sets.set(socialSetId, tags);
		tags.catch(() => sets.delete(socialSetId));
	}
	return await tags;
}

/** The tag a name stands for: a tag of that name first, else a tag with that slug (both ignoring case). */
export function matchTag(tags: Tag[], name: string): Tag | undefined {
	return new TagIndex(tags).match(foldCase(name.trim()));
}

/** The names as an error lists them: each quoted and cut to 80 characters, at most 20. */
function quoted(names: string[]): string {
	const shown = names.slice(0, 20).map((name) => `"${echo(name, 80)}"`);
	return names.length > shown.length
		? `${shown.join(', ')} and ${names.length - shown.length} more`
		: shown.join(', ');
}

/** "Tags of the social set: …" for the description of an error, or that it has none. */
function knownTags(tags: Tag[]): string {
	const known = tags.slice(0, 20).map((tag) => `${echo(tag.name, 80)} (${echo(tag.slug, 80)})`);
	return known.length
		? `Tags of the social set: ${known.join(', ')}${tags.length > known.length ? ', …' : ''}.`
		: 'The social set has no tags yet.';
}

export const TAG_SLUGS_LABEL = 'Tag Names or IDs';

/**
 * Tag slugs given by ID or expression ("Tag Names or IDs"), checked against the social set's tags (the same read
 * as Tag Names, once per run and social set) before the draft is sent: the slugs as stored, or an error naming
 * every unknown one. Tags: "slugs of existing tags".
 */
export async function checkTagSlugs(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	body: IDataObject,
): Promise<void> {
	if (!Array.isArray(body.tags) || body.tags.length === 0) return;
	const tags = await tagsOf(context, itemIndex, socialSetId);
	const unknown: string[] = [];
	body.tags = (body.tags as string[]).map((slug) => {
		const tag = tags.slug(foldCase(slug));
		if (!tag) unknown.push(slug);
		return tag?.slug ?? slug;
	});
	if (!unknown.length) return;
	const error = paramError(
		context,
		itemIndex,
		TAG_SLUGS_LABEL,
		`has ${unknown.length === 1 ? 'a tag slug' : 'tag slugs'} that social set ${socialSetId} does not have: ${quoted(unknown)}`,
	);
	error.description = `Pick a tag of the social set, or give its name under "Tag Names" with "Create Missing Tags" on. ${knownTags(tags.list)}`;
	throw error;
}

/**
 * Matches the names to the social set's tags and checks the merged list against the limit of 10
 * (Limits: tags on a draft), before any tag is created and before the draft is sent.
 * `base` is the list the names are added to (the picked tags, or on Update the draft's current tags) and its label.
 * The returned function creates the missing tags (when allowed) and gives the final `tags` list.
 */
export async function matchTagNames(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	request: TagNamesRequest,
	base: { slugs: string[]; label?: string } = { slugs: [] },
): Promise<(() => Promise<string[]>) & { planned: string[] }> {
	const { slugs: baseSlugs, label: baseLabel = '' } = base;
	const tags = await tagsOf(context, itemIndex, socialSetId);
	const slugs: string[] = [...baseSlugs];
	const inList = new Set(slugs);
	const addSlug = (slug: string) => {
		if (inList.has(slug)) return;
		inList.add(slug);
		slugs.push(slug);
	};
	const missing: string[] = [];
	request.names.forEach((name, i) => {
		const tag = tags.match(request.folded[i]);
		if (!tag) missing.push(name);
		else addSlug(tag.slug);
	});
	if (missing.length && !request.createMissing) {
		const error = paramError(
			context,
			itemIndex,
			TAG_NAMES_LABEL,
			`names ${missing.length === 1 ? 'a tag' : 'tags'} that social set ${socialSetId} does not have: ${quoted(missing)}`,
		);
		error.description = `Turn on "Create Missing Tags" to create ${missing.length === 1 ? 'it' : 'them'}, or use an existing tag. ${knownTags(tags.list)}`;
		throw error;
	}
	const total = slugs.length + missing.length;
	if (total > DRAFT_LIMITS.maxTags) {
		const with_ = baseSlugs.length && baseLabel ? ` together with ${baseLabel}` : '';
		throw paramError(
			context,
			itemIndex,
			TAG_NAMES_LABEL,
			`gives the draft ${total} tags${with_}; a draft takes at most ${DRAFT_LIMITS.maxTags}`,
		);
	}
	const finish = async () => {
		for (const name of missing) {
			const created = await tags.createOnce(
				name.trim(),
				async () =>
					await apiRequest<Tag>(context, {
						method: 'POST',
						path: endpoints.tags(socialSetId),
						body: { name: name.trim() },
						itemIndex,
					}),
			);
			addSlug(created.slug);
		}
		return slugs;
	};
	// what the list will be, without creating anything (Validate Only): a tag still to create by its name
	return Object.assign(finish, {
		planned: [...slugs, ...missing.map((name) => `<new tag: ${name.trim()}>`)],
	});
}

/**
 * The `tags` of a Create or Update body when "Tag Names" is set: runs the matching now and returns a
 * function that, called right before the draft request, creates what is missing and gives `{ tags }`.
 * On Update without picked tags or "Clear Fields" → Tags, the names are added to the draft's current tags.
 */
export async function tagNamesStep(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	step: {
		/** "Tag Names", when given. */
		request: TagNamesRequest | undefined;
		/** The body as built so far: its picked tags, or `tags: null` when Clear Fields clears them. */
		body: IDataObject;
		/** Update: the draft's current tags, read when needed. */
		currentTags?: () => Promise<unknown>;
	},
): Promise<(() => Promise<IDataObject>) & { planned: IDataObject }> {
	const { request, body, currentTags } = step;
	if (!request) return Object.assign(async () => ({}), { planned: {} });
	const picked = Array.isArray(body.tags) ? (body.tags as string[]) : undefined;
	let base: string[] = [];
	let baseLabel = '';
	if (picked) {
		base = picked;
		baseLabel = `the ${picked.length} picked in "Tag Names or IDs"`;
	} else if (body.tags !== null && currentTags) {
		base = toList(await currentTags());
		baseLabel = `the draft's ${base.length} current tags`;
	}
	const finish = await matchTagNames(context, itemIndex, socialSetId, request, {
		slugs: base,
		label: baseLabel,
	});
	return Object.assign(async () => ({ tags: await finish() }), {
		planned: { tags: finish.planned } as IDataObject,
	});
}
