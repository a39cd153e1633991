import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { SocialPublishing } from '../../../../nodes/SocialPublishing/SocialPublishing.node';
import { resources } from '../../../../nodes/SocialPublishing/actions/resources';

/** The editor-facing description of the Media, Comment Thread and Comment resources. */

const properties = new SocialPublishing().description.properties;
const shownFor = (property: INodeProperties) => property.displayOptions?.show ?? {};

describe.each(['media', 'commentThread', 'comment'])('resource %s', (resource) => {
	const selector = properties.find(
		(p) =>
			p.name === 'operation' && (shownFor(p).resource as string[] | undefined)?.includes(resource),
	);
	const options = (selector?.options ?? []) as INodePropertyOptions[];

	test('every operation option has action text and an implementation', () => {
		expect(options.length).toBeGreaterThan(0);
		for (const option of options) {
			expect(option.action).toMatch(/^[A-Z]/);
			expect(typeof resources[resource].operations[String(option.value)]?.execute).toBe('function');
		}
		expect(Object.keys(resources[resource].operations).sort()).toEqual(
			options.map((o) => String(o.value)).sort(),
		);
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
			expect(shownFor(field).operation).toHaveLength(1);
		}
	});
});
