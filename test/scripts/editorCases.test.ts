/**
 * The pure parts of the editor test (npm run test:editor, scripts/editor/): which console messages are n8n's
 * own noise, which operations get the test file as input, and which options that add a picture it turns on.
 * The cases come from the node's own description (test/properties/catalog.ts), as the editor test's do.
 */
import { blamed } from '../../scripts/editor/operations';
import { readsFiles, withPictures, type OperationCase } from '../../scripts/editor/workflows';
import { OPERATIONS } from '../properties/catalog';
import { PLACEHOLDER_TARGETS, baseParameters } from '../properties/targets';

const caseOf = (name: string) => {
	const op = OPERATIONS.find((o) => o.name === name)!;
	const parameters = withPictures(baseParameters(op, PLACEHOLDER_TARGETS));
	return {
		op,
		action: name,
		nodeName: name,
		parameters,
		targets: PLACEHOLDER_TARGETS,
	} as OperationCase;
};

test("n8n's 404 for a core node's output schema is noise; any other failed load is blamed, with its URL", () => {
	const schema = {
		text: 'Failed to load resource: the server responded with a status of 404 (Not Found)',
		location: 'http://127.0.0.1:40311/schemas/n8n-nodes-base.code/2.0.0.json:0',
	};
	expect(blamed([schema])).toEqual([]);
	const icon = { ...schema, location: 'http://127.0.0.1:40311/icons/socialPublishing.svg:0' };
	expect(blamed([icon])).toEqual([`${icon.text} (${icon.location})`]);
	expect(blamed([{ text: 'Vue warn: invalid prop' }])).toEqual(['Vue warn: invalid prop']);
});

test('every option that adds a picture is turned on, and no other option', () => {
	const pictures = OPERATIONS.map((o) => caseOf(o.name)).flatMap((c) =>
		Object.entries((c.parameters.options ?? {}) as Record<string, unknown>)
			.filter(([, v]) => v === true)
			.map(([k]) => `${c.op.name} ${k}`),
	);
	expect(pictures).toEqual(
		expect.arrayContaining([
			'queue.getSlots calendarPicture',
			'queue.getNextFreeSlots calendarPicture',
			'analytics.getFollowers followersChart',
			'analytics.getPosts topPostsChart',
		]),
	);
	expect(pictures.every((p) => /calendarPicture|Chart$/.test(p))).toBe(true);
});

test('the operations that can read a file get the test file; the others start from the trigger', () => {
	expect(readsFiles(caseOf('media.upload'))).toBe(true);
	expect(readsFiles(caseOf('user.getCurrent'))).toBe(false);
	expect(readsFiles(caseOf('draft.get'))).toBe(false);
});
