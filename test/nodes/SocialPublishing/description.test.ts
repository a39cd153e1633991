import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { resources } from '../../../nodes/SocialPublishing/actions/resources';
import type { Operations } from '../../../nodes/SocialPublishing/actions/types';
import { gatedOperations } from '../../../nodes/SocialPublishing/actions/confirm';

/** The editor-facing description of the whole node, checked against n8n's UX conventions. */

const properties = new SocialPublishing().description.properties;

/** n8n's lint alphabetizes option lists and collections only from five entries up. */
const MIN_ITEMS_TO_ALPHABETIZE = 5;

/** Lists kept in their natural order on purpose (n8n's own Schedule Trigger keeps weekdays in week order too). */
const NATURAL_ORDER = new Set(['Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday']);

/** Words Title Case leaves in lower case unless they open the name. */
const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'but',
	'by',
	'for',
	'from',
	'in',
	'of',
	'on',
	'or',
	'per',
	'the',
	'to',
	'with',
]);

type Entry = INodeProperties | INodePropertyCollection;

/** Every parameter, collection option and fixed-collection value, with the path leading to it. */
function walk(list: Entry[], path: string[] = []): Array<{ entry: Entry; path: string }> {
	return list.flatMap((entry) => {
		const here = [...path, entry.displayName];
		const nested = ((entry as INodeProperties).options ??
			(entry as INodePropertyCollection).values ??
			[]) as Array<Entry | INodePropertyOptions>;
		const children = nested.filter((child): child is Entry => 'displayName' in child);
		return [{ entry, path: here.join(' > ') }, ...walk(children, here)];
	});
}

const all = walk(properties);

const parameters = all.filter(({ entry }) => 'type' in entry && entry.type !== 'notice') as Array<{
	entry: INodeProperties;
	path: string;
}>;

/** Option lists written in the description (dynamic lists such as the tags come from the service). */
const optionLists = parameters.filter(
	({ entry }) =>
		(entry.type === 'options' || entry.type === 'multiOptions') && Array.isArray(entry.options),
);

function miscased(name: string): string[] {
	return name
		.replace(/[()]/g, ' ')
		.split(/\s+/)
		.filter(
			(word, index) => word !== '' && /^[a-z]/.test(word) && !(index > 0 && SMALL_WORDS.has(word)),
		);
}

function unsorted(names: string[]): boolean {
	const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
	return sorted.some((name, index) => name !== names[index]);
}

const shownFor = (property: INodeProperties) => property.displayOptions?.show ?? {};

describe('Node description (n8n UX conventions)', () => {
	test('parameter display names and option names are in Title Case', () => {
		const names = [
			...parameters.map(({ entry, path }) => ({ name: entry.displayName, path })),
			...optionLists.flatMap(({ entry, path }) =>
				(entry.options as INodePropertyOptions[]).map((option) => ({
					name: option.name,
					path: `${path} > ${option.name}`,
				})),
			),
		];
		expect(names.length).toBeGreaterThan(100);
		expect(names.filter(({ name }) => miscased(name).length > 0).map(({ path }) => path)).toEqual(
			[],
		);
	});

	test('the Add buttons of collections and fixed collections (their placeholders) are in Title Case', () => {
		const buttons = parameters.filter(
			({ entry }) => entry.type === 'collection' || entry.type === 'fixedCollection',
		);
		expect(buttons.length).toBeGreaterThan(10);
		// without a placeholder n8n shows its own "Add option", out of step with the node's other buttons
		expect(
			buttons
				.filter(({ entry }) => !entry.placeholder || miscased(entry.placeholder).length > 0)
				.map(({ entry, path }) => `${path}: ${String(entry.placeholder)}`),
		).toEqual([]);
	});

	test('no collection or fixed collection has a hint: the editor shows none under them', () => {
		expect(
			parameters
				.filter(
					({ entry }) =>
						(entry.type === 'collection' || entry.type === 'fixedCollection') &&
						entry.hint !== undefined,
				)
				.map(({ path }) => path),
		).toEqual([]);
	});

	test('texts shown in the editor hold no tab or other control character', () => {
		const texts = [
			...all.flatMap(({ entry, path }) =>
				(['displayName', 'description', 'hint', 'placeholder'] as const).map((key) => ({
					text: (entry as unknown as Record<string, unknown>)[key],
					where: `${path} (${key})`,
				})),
			),
			...optionLists.flatMap(({ entry, path }) =>
				(entry.options as INodePropertyOptions[]).flatMap((option) => [
					{ text: option.name, where: `${path} > ${option.name}` },
					{ text: option.description, where: `${path} > ${option.name} (description)` },
				]),
			),
		].filter(({ text }) => typeof text === 'string');
		expect(texts.length).toBeGreaterThan(300);
		const control = /[\u0000-\u001f\u007f]/;
		expect(
			texts.filter(({ text }) => control.test(text as string)).map(({ where }) => where),
		).toEqual([]);
	});

	test('option lists of five or more are sorted by name, and collections of five or more by display name', () => {
		const offenders: string[] = [];
		for (const { entry, path } of optionLists) {
			const names = (entry.options as INodePropertyOptions[]).map((option) => option.name);
			if (
				names.length >= MIN_ITEMS_TO_ALPHABETIZE &&
				!NATURAL_ORDER.has(names.join(', ')) &&
				unsorted(names)
			)
				offenders.push(path);
		}
		for (const { entry, path } of parameters.filter(({ entry }) => entry.type === 'collection')) {
			const names = (entry.options as INodeProperties[]).map((option) => option.displayName);
			if (names.length >= MIN_ITEMS_TO_ALPHABETIZE && unsorted(names)) offenders.push(path);
		}
		expect(offenders).toEqual([]);
	});

	test("every date-time field has a hint saying a date without offset is read in the social set's time zone", () => {
		const dateFields = parameters.filter(
			({ entry }) => entry.type === 'dateTime' || ['planAt', 'publishAt'].includes(entry.name),
		);
		expect(dateFields.map(({ entry }) => entry.name)).toEqual(
			expect.arrayContaining(['planAt', 'publishAt', 'date', 'startDate', 'endDate']),
		);
		for (const { entry, path } of dateFields) {
			expect({ path, hint: entry.hint }).toEqual({
				path,
				hint: expect.stringMatching(/time zone of the social set|social set's time zone/),
			});
		}
	});

	test('every operation option has an action, and a description that starts with a capital and ends without a period', () => {
		const selectors = properties.filter((p) => p.name === 'operation');
		expect(selectors).toHaveLength(9);
		for (const option of selectors.flatMap((s) => s.options as INodePropertyOptions[])) {
			expect({ option: option.name, action: option.action }).toEqual({
				option: option.name,
				action: expect.stringMatching(/^[A-Z]/),
			});
			expect(option.description).toMatch(/^[A-Z].*[^.]$/);
		}
	});

	describe('operations that publish or delete say so plainly', () => {
		const draftOperations = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('draft'),
		)?.options as INodePropertyOptions[];
		const draftOperation = (value: string) =>
			draftOperations.find((option) => option.value === value) as INodePropertyOptions;

		test('Publish Now: publishes immediately', () => {
			expect(draftOperation('publishNow').description).toMatch(/^Publish .*immediately/);
		});

		test('Schedule: the draft is published automatically at its date', () => {
			expect(draftOperation('schedule').description).toMatch(/published automatically/);
		});

		test('every Delete operation says it deletes', () => {
			const deletes = properties
				.filter((p) => p.name === 'operation')
				.flatMap((p) => p.options as INodePropertyOptions[])
				.filter((option) => option.value === 'delete');
			expect(deletes).toHaveLength(3);
			for (const option of deletes) expect(option.description).toMatch(/\b[Dd]elete\b/);
		});

		test('Publish Now and Delete of a draft carry a notice in the panel', () => {
			for (const operation of ['publishNow', 'delete']) {
				const notices = properties.filter(
					(p) =>
						p.type === 'notice' &&
						p.displayOptions?.show?.resource?.includes('draft') &&
						p.displayOptions?.show?.operation?.includes(operation),
				);
				expect({ operation, notices: notices.map((n) => n.displayName) }).toEqual({
					operation,
					notices: [expect.stringMatching(/cannot be undone/)],
				});
			}
		});
	});
});

/** The editor-facing description of the Media, Comment Thread and Comment resources. */
describe.each(['media', 'commentThread', 'comment'] as const)('resource %s', (resource) => {
	const selector = properties.find(
		(p) =>
			p.name === 'operation' && (shownFor(p).resource as string[] | undefined)?.includes(resource),
	);
	const options = (selector?.options ?? []) as INodePropertyOptions[];

	test('every operation option has action text and an implementation', () => {
		const operations: Operations = resources[resource].operations;
		expect(options.length).toBeGreaterThan(0);
		for (const option of options) {
			expect(option.action).toMatch(/^[A-Z]/);
			expect(typeof operations[String(option.value)]?.execute).toBe('function');
		}
		expect(Object.keys(operations).sort()).toEqual(options.map((o) => String(o.value)).sort());
	});

	test('Delete operations say plainly that they delete', () => {
		for (const option of options.filter((o) => o.value === 'delete')) {
			expect(option.description).toMatch(/^Delete /);
			expect(option.action).toMatch(/^Delete /);
		}
	});

	test('every field of the resource shows only for its resource and one operation', () => {
		const fields = properties.filter(
			(p) =>
				p.name !== 'operation' &&
				(shownFor(p).resource as string[] | undefined)?.includes(resource),
		);
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			expect(shownFor(field).resource).toEqual([resource]);
			// "Confirm" is the resource's one field for its held-back operations (operations.test.ts)
			if (field.name !== 'confirm') expect(shownFor(field).operation).toHaveLength(1);
			else
				expect(shownFor(field).operation).toEqual(gatedOperations(resources[resource].operations));
		}
	});
});
