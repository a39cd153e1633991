import type { IExecuteFunctions, IGetNodeParameterOptions, INodeParameters } from 'n8n-workflow';
import {
	holdsExpression,
	withStaticParameters,
} from '../../../nodes/SocialPublishing/actions/staticParameters';

/**
 * A context whose getNodeParameter resolves like n8n's for this test: an expression string gives a value of
 * its own per item, anything else the saved value (a fresh copy per call); every call is counted.
 */
function fakeContext(parameters: INodeParameters) {
	const calls: string[] = [];
	let getNodeCalls = 0;
	const resolve = (value: unknown, itemIndex: number): unknown => {
		if (typeof value === 'string') return value.startsWith('=') ? `${value}@${itemIndex}` : value;
		if (Array.isArray(value)) return value.map((entry) => resolve(entry, itemIndex));
		if (typeof value === 'object' && value !== null)
			return Object.fromEntries(
				Object.entries(value).map(([key, entry]) => [key, resolve(entry, itemIndex)]),
			);
		return value;
	};
	const context = {
		getNode: () => {
			getNodeCalls++;
			return { name: 'Node', type: 'socialPublishing', parameters };
		},
		getNodeParameter: (
			name: string,
			itemIndex: number,
			fallback?: unknown,
			options?: IGetNodeParameterOptions,
		) => {
			calls.push(`${name}@${itemIndex}`);
			let value: unknown = parameters;
			for (const key of name.split('.')) value = (value as Record<string, unknown>)?.[key];
			if (value === undefined) value = fallback;
			if (value === undefined) throw new Error(`Could not get parameter "${name}"`);
			if (options?.rawExpressions) return value;
			if (value === 'fails') throw new Error(`"${name}" cannot be read [item ${itemIndex}]`);
			return resolve(value, itemIndex);
		},
		continueOnFail: () => true,
	} as unknown as IExecuteFunctions;
	return { context, calls, getNodeCalls: () => getNodeCalls };
}

describe('holdsExpression (what n8n evaluates per item)', () => {
	test('a string starting with "=" anywhere in the value', () => {
		expect(holdsExpression('={{ $json.text }}')).toBe(true);
		expect(holdsExpression({ post: [{ text: 'a' }, { text: '={{ 1 }}' }] })).toBe(true);
		expect(holdsExpression({ __rl: true, mode: 'id', value: '={{ $json.id }}' })).toBe(true);
		expect(holdsExpression(['x', '=y'])).toBe(true);
	});

	test('plain values, an "=" inside a string and empty values are not expressions', () => {
		expect(holdsExpression('a = b')).toBe(false);
		expect(holdsExpression({ __rl: true, mode: 'id', value: '101' })).toBe(false);
		expect(holdsExpression({ limit: [{ platform: 'x', maxLength: 500 }] })).toBe(false);
		for (const value of [undefined, null, '', 0, true, [], {}])
			expect(holdsExpression(value)).toBe(false);
	});
});

describe('withStaticParameters (parameters read once per node run)', () => {
	const parameters: INodeParameters = {
		resource: 'draft',
		text: '={{ $json.text }}',
		platforms: ['x', 'bluesky'],
		options: { waitForCompletion: true },
		additionalFields: { draftTitle: '={{ $json.title }}', share: true },
		platformTexts: { platformText: [{ platform: 'x', text: 'Hi' }] },
		broken: 'fails',
	};

	test('a parameter without an expression is read from n8n once and gives the same value to every item', () => {
		const { context, calls, getNodeCalls } = fakeContext(parameters);
		const run = withStaticParameters(context);
		for (let item = 0; item < 4; item++) {
			expect(run.getNodeParameter('resource', item)).toBe('draft');
			expect(run.getNodeParameter('platforms', item, [])).toEqual(['x', 'bluesky']);
			expect(run.getNodeParameter('platformTexts.platformText', item, [])).toEqual([
				{ platform: 'x', text: 'Hi' },
			]);
		}
		expect(calls).toEqual(['resource@0', 'platforms@0', 'platformTexts.platformText@0']);
		expect(getNodeCalls()).toBe(1);
	});

	test('a parameter with an expression, at the top or inside a collection, is resolved for each item', () => {
		const { context, calls } = fakeContext(parameters);
		const run = withStaticParameters(context);
		expect([0, 1, 2].map((item) => run.getNodeParameter('text', item))).toEqual([
			'={{ $json.text }}@0',
			'={{ $json.text }}@1',
			'={{ $json.text }}@2',
		]);
		expect([0, 1].map((item) => run.getNodeParameter('additionalFields', item, {}))).toEqual([
			{ draftTitle: '={{ $json.title }}@0', share: true },
			{ draftTitle: '={{ $json.title }}@1', share: true },
		]);
		expect(calls).toEqual([
			'text@0',
			'text@1',
			'text@2',
			'additionalFields@0',
			'additionalFields@1',
		]);
	});

	test('each answer is a copy: changing what one item got does not change what the next gets', () => {
		const { context } = fakeContext(parameters);
		const run = withStaticParameters(context);
		const first = run.getNodeParameter('options', 0, {}) as { waitForCompletion?: boolean };
		first.waitForCompletion = false;
		const second = run.getNodeParameter('options', 1, {}) as { waitForCompletion?: boolean };
		expect(second).toEqual({ waitForCompletion: true });
		second.waitForCompletion = false;
		expect(run.getNodeParameter('options', 2, {})).toEqual({ waitForCompletion: true });
	});

	test('another fallback or other options are another answer; a missing parameter gives its fallback', () => {
		const { context, calls } = fakeContext(parameters);
		const run = withStaticParameters(context);
		expect(run.getNodeParameter('contentOptions', 0, {})).toEqual({});
		expect(run.getNodeParameter('contentOptions', 1, { threadSeparator: '***' })).toEqual({
			threadSeparator: '***',
		});
		expect(run.getNodeParameter('resource', 0, undefined, { extractValue: true })).toBe('draft');
		expect(run.getNodeParameter('resource', 1)).toBe('draft');
		expect(calls).toEqual(['contentOptions@0', 'contentOptions@1', 'resource@0', 'resource@1']);
	});

	test('a read that failed is not kept: every item asks n8n again and gets its own error', () => {
		const { context, calls } = fakeContext(parameters);
		const run = withStaticParameters(context);
		expect(() => run.getNodeParameter('broken', 0)).toThrow('[item 0]');
		expect(() => run.getNodeParameter('broken', 1)).toThrow('[item 1]');
		expect(() => run.getNodeParameter('missing', 0)).toThrow('Could not get parameter');
		expect(() => run.getNodeParameter('missing', 1)).toThrow('Could not get parameter');
		expect(calls).toEqual(['broken@0', 'broken@1', 'missing@0', 'missing@1']);
	});

	test('raw expressions and names that are not a plain dotted path go to n8n on every call', () => {
		const { context, calls } = fakeContext(parameters);
		const run = withStaticParameters(context);
		for (const item of [0, 1]) {
			expect(run.getNodeParameter('resource', item, undefined, { rawExpressions: true })).toBe(
				'draft',
			);
			expect(run.getNodeParameter('platforms[0]', item, 'none')).toBe('none');
		}
		expect(calls).toEqual(['resource@0', 'platforms[0]@0', 'resource@1', 'platforms[0]@1']);
	});

	test("every other member is the context's own", () => {
		const { context } = fakeContext(parameters);
		const run = withStaticParameters(context);
		expect(run.continueOnFail()).toBe(true);
		expect(run.getNode().name).toBe('Node');
	});

	test('each node run starts afresh', () => {
		const { context, calls } = fakeContext(parameters);
		withStaticParameters(context).getNodeParameter('resource', 0);
		withStaticParameters(context).getNodeParameter('resource', 0);
		expect(calls).toEqual(['resource@0', 'resource@0']);
	});
});
