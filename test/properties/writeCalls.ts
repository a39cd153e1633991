import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';
import type { CatalogOperation } from './catalog';
import type { Targets } from './targets';
import { SUITE_START } from './targets';

/**
 * Generated valid calls of the node's writes, for the property "exactly once": texts, titles, tag names,
 * dates, and for Draft > Update every content mode, Edit Posts' actions among them, on a draft of several
 * posts. Each call is a function of the targets (their ids differ in each sandbox run). Valid input only:
 * the property is about retries, not validation.
 */

export interface WriteCall {
	/** what the call does, for a failure message */
	label: string;
	/** posts the target draft has after its first (Draft > Update) */
	posts: string[];
	/** parameters set before `baseParameters` fills the rest */
	extra: (t: Targets) => INodeParameters;
}

const WORDS = [
	'alpha',
	'beta',
	'gamma',
	'launch',
	'news',
	'today',
	'spring',
	'team',
	'ADDED',
	'x1',
];
export const words = (max = 6) =>
	fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: max }).map((w) => w.join(' '));

const future = (days: number, hour: number) =>
	SUITE_START.startOf('day').plus({ days, hours: hour }).toISO() as string;

const plain = (label: string, extra: INodeParameters = {}): WriteCall =>
	call({ label, posts: [], extra: () => extra });

/** A call that fast-check prints by its label (a counterexample names what was called). */
function call(value: WriteCall): WriteCall {
	return Object.assign(value, { [fc.toStringMethod]: () => value.label });
}

/** Draft > Create: One Text or a List of Posts, with or without title, tag names (new or known) and a date. */
const createCall: fc.Arbitrary<WriteCall> = fc
	.record({
		mode: fc.constantFrom('text', 'posts'),
		texts: fc.array(words(), { minLength: 1, maxLength: 3 }),
		title: fc.option(words(3), { nil: undefined }),
		tagNames: fc.option(
			fc.subarray(['property-target', 'fresh tag', 'Other New'], { minLength: 1 }),
			{
				nil: undefined,
			},
		),
		when: fc.constantFrom('none', 'publishAt', 'nextFreeSlot', 'planAt', 'now'),
		day: fc.integer({ min: 2, max: 20 }),
	})
	.map(({ mode, texts, title, tagNames, when, day }) => {
		const additionalFields: INodeParameters = {};
		if (title) additionalFields.draftTitle = title;
		if (tagNames) {
			additionalFields.tagNames = tagNames.join(', ');
			additionalFields.createMissingTags = true;
		}
		if (when === 'publishAt') additionalFields.publishAt = future(day, 10);
		if (when === 'nextFreeSlot') additionalFields.publishAt = 'next-free-slot';
		if (when === 'planAt') additionalFields.planAt = future(day, 12);
		if (when === 'now') additionalFields.publishAt = 'now';
		const content: INodeParameters =
			mode === 'text'
				? { contentMode: 'text', text: texts.join('\n---\n') }
				: { contentMode: 'posts', posts: { post: texts.map((text) => ({ text })) } };
		return call({
			label: `create ${JSON.stringify({ content, additionalFields })}`,
			posts: [],
			extra: () => ({ ...content, additionalFields }),
		});
	});

interface EditSpec {
	action: 'append' | 'insert' | 'remove' | 'setText' | 'setMedia';
	at: number;
	text: string;
	media: boolean;
}

/** Edit Posts entries made valid for a thread of `count` posts: numbers in range, never the last post removed. */
function validEdits(count: number, specs: EditSpec[]) {
	const anchor = { at: 0 };
	let posts = count;
	let touchesAnchor = false;
	const edits = specs.map((spec) => {
		let action = spec.action;
		if (action === 'remove' && posts === 1) action = 'setText';
		const postNumber = action === 'insert' ? (spec.at % (posts + 1)) + 1 : (spec.at % posts) + 1;
		const index = postNumber - 1;
		if (action === 'append') posts++;
		if (action === 'insert') {
			posts++;
			if (index <= anchor.at) anchor.at++;
		}
		if (action === 'remove') {
			posts--;
			if (index === anchor.at) touchesAnchor = true;
			else if (index < anchor.at) anchor.at--;
		}
		if (action === 'setText' && index === anchor.at) touchesAnchor = true;
		return { action, postNumber, text: spec.text, media: spec.media };
	});
	return { edits, touchesAnchor };
}

/** Draft > Update: Edit Posts (append, insert, remove, set text, replace media), One Text, a List of Posts, or only fields. */
const updateCall: fc.Arbitrary<WriteCall> = fc.oneof(
	fc
		.record({
			posts: fc.array(words(3), { minLength: 1, maxLength: 3 }),
			specs: fc.array(
				fc.record({
					action: fc.constantFrom<EditSpec['action']>(
						'append',
						'insert',
						'remove',
						'setText',
						'setMedia',
					),
					at: fc.nat(9),
					text: words(),
					media: fc.boolean(),
				}),
				{ minLength: 1, maxLength: 3 },
			),
			title: fc.option(words(3), { nil: undefined }),
		})
		.map(({ posts, specs, title }) => {
			const { edits, touchesAnchor } = validEdits(posts.length + 1, specs);
			return call({
				label: `edit posts ${JSON.stringify({ posts, edits, title })}`,
				posts,
				extra: (t: Targets) => ({
					contentType: 'posts',
					contentMode: 'edit',
					platforms: ['x'],
					editPosts: {
						edit: edits.map(({ action, postNumber, text, media }) => ({
							editAction: action,
							postNumber,
							...(action === 'remove' ? {} : { text }),
							...(media && action !== 'remove' && action !== 'setText'
								? { mediaIds: t.mediaId }
								: {}),
						})),
					},
					updateFields: title ? { draftTitle: title } : {},
					options: touchesAnchor ? { forceOverwriteComments: true } : {},
				}),
			});
		}),
	fc
		.record({
			mode: fc.constantFrom('text', 'posts'),
			texts: fc.array(words(), { minLength: 1, maxLength: 3 }),
			posts: fc.array(words(3), { maxLength: 2 }),
		})
		.map(({ mode, texts: given, posts }) => {
			// the whole thread: as many posts as the draft has at least (fewer would drop posts, which Update refuses)
			const texts = [...given];
			while (texts.length < posts.length + 1) texts.push(`more ${texts.length}`);
			return call({
				label: `update ${mode} ${JSON.stringify({ texts, posts })}`,
				posts,
				extra: () => ({
					contentType: 'posts',
					contentMode: mode,
					platforms: ['x'],
					...(mode === 'text'
						? { text: texts.join('\n---\n') }
						: { posts: { post: texts.map((text) => ({ text })) } }),
					updateFields: {},
					options: { forceOverwriteComments: true },
				}),
			});
		}),
	fc
		.record({
			title: words(3),
			tagNames: fc.option(fc.constantFrom('property-target', 'fresh tag'), { nil: undefined }),
			when: fc.constantFrom('none', 'nextFreeSlot', 'planAt'),
		})
		.map(({ title, tagNames, when }) => {
			const updateFields: INodeParameters = { draftTitle: title };
			if (tagNames) {
				updateFields.tagNames = tagNames;
				updateFields.createMissingTags = true;
			}
			if (when === 'nextFreeSlot') updateFields.publishAt = 'next-free-slot';
			if (when === 'planAt') updateFields.planAt = future(4, 12);
			return call({
				label: `update fields ${JSON.stringify(updateFields)}`,
				posts: [],
				extra: () => ({ contentType: 'keep', updateFields }),
			});
		}),
);

/** The generated calls of one write; a write without its own generator varies the texts it takes by name. */
export function writeCall(op: CatalogOperation): fc.Arbitrary<WriteCall> {
	switch (op.name) {
		case 'draft.create':
			return createCall;
		case 'draft.update':
			return updateCall;
		case 'tag.create':
			return words(3).map((name) => plain(`tag ${name}`, { name: `tag ${name}` }));
		case 'media.updateAltText':
			return words().map((altText) => plain(`alt ${altText}`, { altText }));
		case 'comment.add':
		case 'comment.update':
		case 'commentThread.create':
			return words().map((text) => plain(`text ${text}`, { text }));
		case 'draft.schedule':
		case 'draft.plan':
			return fc.constantFrom('date', 'nextFreeSlot').map((when) => plain(`when ${when}`, { when }));
		case 'draft.publishNow':
			// the wait polls at its shortest interval, so a run takes tenths of a second, not seconds
			return fc
				.boolean()
				.map((wait) =>
					plain(`wait ${wait}`, { waitForCompletion: wait, options: { pollInterval: 0.1 } }),
				);
		default:
			return fc.constant(plain('the base call'));
	}
}
