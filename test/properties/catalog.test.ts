import { useSandbox } from '../harness/sandbox';
import { NODE } from '../harness/workflows';
import { OPERATIONS, WRITES, shownParameters } from './catalog';
import {
	DRAFT_STATES,
	PROPERTY_SANDBOX,
	baseParameters,
	inputItem,
	makeTargets,
	missingValues,
} from './targets';

/**
 * The ground the property suites stand on: the catalog finds every operation of the node, and the
 * parameters made for each are a valid call that the sandbox answers without an error. A new operation
 * whose fields the targets cannot fill fails here by name.
 */

const fx = useSandbox(PROPERTY_SANDBOX);

test('the catalog lists every operation of the node, writes and gates from the modules', () => {
	expect(OPERATIONS.length).toBeGreaterThanOrEqual(30);
	expect(new Set(OPERATIONS.map((op) => op.name)).size).toBe(OPERATIONS.length);
	expect(WRITES.length).toBeGreaterThan(0);
	expect(WRITES.length).toBeLessThan(OPERATIONS.length);
	expect(OPERATIONS.filter((op) => op.gated).every((op) => op.kind === 'write')).toBe(true);
});

test("a parameter left out takes the default of its own operation's property (Update keeps the content)", () => {
	const names = (values: Record<string, unknown>) => shownParameters(values).map((p) => p.name);
	// Create's Content Type defaults to Social Posts, Update's to Keep Current Content (as n8n shows them)
	expect(names({ resource: 'draft', operation: 'create' })).toContain('text');
	expect(names({ resource: 'draft', operation: 'update' })).not.toContain('text');
	expect(names({ resource: 'draft', operation: 'update', contentType: 'posts' })).toContain('text');
});

test.each(OPERATIONS.map((op) => [op.name, op] as const))(
	'%s: the base parameters are a complete, valid call',
	async (_name, op) => {
		// valid on a draft in at least one of its states (Unschedule needs a date to remove)
		const errors: string[] = [];
		for (const state of DRAFT_STATES) {
			const parameters = baseParameters(op, await makeTargets(fx, state));
			expect(missingValues(parameters)).toEqual([]);
			const result = await fx.runNode(parameters, { input: [inputItem()] });
			if (!result.error) {
				expect(result.output(NODE).every((item) => item.pairedItem !== undefined)).toBe(true);
				return;
			}
			errors.push(`${state}: ${result.error.message}`);
		}
		throw new Error(`no valid call of ${op.name}:\n${errors.join('\n')}`);
	},
);
