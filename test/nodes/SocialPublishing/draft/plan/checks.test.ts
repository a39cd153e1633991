import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../../../../harness/sandbox';
import { runFresh } from '../../../../harness/nodeRun';
import {
	createText,
	draftParams,
	imageNames,
	imagesItem,
	LONG_FOR_BLUESKY,
	seedDraft,
	writes,
} from '../fixtures';

/**
 * One plan per draft write (actions/draft/plan/), run in two modes: the write stops at the first problem, Validate
 * Only collects them all. The checks are written once, so the write's error is the problem Validate Only lists
 * first, and neither sends a write.
 */
const fx = useSandbox({ mediaProcessingMs: 30 });

beforeEach(async () => await fx.sandbox.reset());

interface Case {
	name: string;
	parameters: (validateOnly: boolean) => INodeParameters;
	input?: INodeExecutionData[];
	/** How many problems Validate Only lists. */
	problems: number;
	/** The first of them, which the write stops at. */
	first: RegExp;
}

async function expectSameFirstProblem(item: Case): Promise<void> {
	const validated = await runFresh(fx, item.parameters(true), { input: item.input });
	expect(validated.result.error).toBeUndefined();
	expect(writes(validated.requests)).toEqual([]);
	const problems = validated.items[0].problems as string[];
	expect(problems).toHaveLength(item.problems);
	expect(problems[0]).toMatch(item.first);

	const written = await runFresh(fx, item.parameters(false), { input: item.input });
	expect(written.result.error?.message).toBe(problems[0]);
	expect(writes(written.requests)).toEqual([]);
}

const createCases: Case[] = [
	{
		name: 'content, media and a tag slug: the length first',
		parameters: (validateOnly) =>
			createText(LONG_FOR_BLUESKY, ['x', 'bluesky'], {
				binaryProperties: imageNames(5),
				contentOptions: { mediaLimits: { limit: [{ platform: 'bluesky', maxMedia: 0 }] } },
				additionalFields: { tags: '={{ ["launch", "no-such-tag"] }}' },
				options: { validateOnly },
			}),
		input: [imagesItem(5)],
		problems: 3,
		first: /^Parameter "Text" gives Bluesky post 1 a length of 325 /,
	},
	{
		name: 'a date that is not one, with an unknown tag slug: the fields stop the plan before the tags',
		parameters: (validateOnly) =>
			createText('Hello', ['x'], {
				additionalFields: { publishAt: 'not a date', tags: '={{ ["no-such-tag"] }}' },
				options: { validateOnly },
			}),
		problems: 1,
		first: /^Parameter "Publish At" /,
	},
	{
		name: 'an unknown tag slug and an unknown tag name: the slug first',
		parameters: (validateOnly) =>
			createText('Hello', ['x'], {
				additionalFields: { tags: '={{ ["no-such-tag"] }}', tagNames: 'Nope' },
				options: { validateOnly },
			}),
		problems: 2,
		first: /^Parameter "Tag Names or IDs" has a tag slug that social set 101 does not have/,
	},
];

describe('Draft > Create: the write stops at the problem Validate Only lists first', () => {
	test.each(createCases)('$name', async (item) => await expectSameFirstProblem(item));
});

describe('Draft > Update: the write stops at the problem Validate Only lists first', () => {
	test('content too long for Bluesky and an unknown tag name: the length first', async () => {
		const draft = await seedDraft(fx);
		await expectSameFirstProblem({
			name: 'update',
			parameters: (validateOnly) =>
				draftParams('update', {
					draftId: String(draft.id),
					contentType: 'posts',
					platforms: ['bluesky'],
					contentMode: 'text',
					text: LONG_FOR_BLUESKY,
					updateFields: { tagNames: 'Nope' },
					options: { validateOnly },
				}),
			problems: 2,
			first: /gives Bluesky post 1 a length of 325/,
		});
	});

	test('nothing to update: the one problem, and the draft is not changed', async () => {
		const draft = await seedDraft(fx);
		await expectSameFirstProblem({
			name: 'empty',
			parameters: (validateOnly) =>
				draftParams('update', {
					draftId: String(draft.id),
					contentType: 'keep',
					options: { validateOnly },
				}),
			problems: 1,
			first: /^Parameter "Update Fields" is empty and the content is kept/,
		});
	});

	test('a date that is not one with an unknown tag name: the fields stop the plan before the tags', async () => {
		const draft = await seedDraft(fx);
		await expectSameFirstProblem({
			name: 'date',
			parameters: (validateOnly) =>
				draftParams('update', {
					draftId: String(draft.id),
					contentType: 'keep',
					updateFields: { publishAt: 'not a date', tagNames: 'Nope' },
					options: { validateOnly },
				}),
			problems: 1,
			first: /^Parameter "Publish At" /,
		});
	});
});
