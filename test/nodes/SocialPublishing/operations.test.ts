import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { SocialPublishing } from '../../../nodes/SocialPublishing/SocialPublishing.node';
import { resources } from '../../../nodes/SocialPublishing/actions/resources';
import type { Resources } from '../../../nodes/SocialPublishing/actions/types';

/**
 * What each operation module says about itself (`access`, `gate`), read from the modules: the router,
 * Retry On Fail and the AI tool's confirmation take these facts from nowhere else.
 */

const properties = new SocialPublishing().description.properties;

interface Listed {
	name: string;
	resource: string;
	operation: string;
	module: unknown;
}

const all: Resources = resources;
const operations: Listed[] = Object.entries(all).flatMap(([resource, { operations }]) =>
	Object.entries(operations).map(([operation, module]) => ({
		name: `${resource}.${operation}`,
		resource,
		operation,
		module,
	})),
);

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null;

/** What is wrong with a module's `access` (as the run time sees it, whatever the types said), or undefined. */
function accessProblem(module: unknown): string | undefined {
	const access = isObject(module) ? module.access : undefined;
	if (!isObject(access)) return 'no access';
	if (access.kind === 'read')
		return Object.keys(access).length === 1 ? undefined : 'a read with write facts';
	if (access.kind !== 'write') return `access kind ${String(access.kind)}`;
	const reconciles = typeof access.reconcile === 'function';
	const reason = typeof access.sentAgain === 'string' ? access.sentAgain.trim() : '';
	if (reconciles && 'sentAgain' in access) return 'a write both reconciled and sent again';
	if (!reconciles && !reason)
		return 'a write with neither a reconcile nor a reason it is sent again';
	return undefined;
}

/** What is wrong with a module's `gate`, or undefined (no gate is fine). */
function gateProblem(module: unknown): string | undefined {
	const gate = isObject(module) ? module.gate : undefined;
	if (gate === undefined) return undefined;
	if (!isObject(gate) || typeof gate.answer !== 'function') return 'a gate without its answer';
	if (gate.holds !== undefined && typeof gate.holds !== 'function') return 'holds is no function';
	if (!isObject(gate.effects) || Object.keys(gate.effects).length === 0)
		return 'a gate that states no effect';
	return undefined;
}

const isGated = (module: unknown) => isObject(module) && module.gate !== undefined;

const kindOf = (module: unknown) =>
	isObject(module) && isObject(module.access) ? module.access.kind : undefined;

/** The "Confirm" fields that show for this resource and operation. */
function confirmFieldsOf(resource: string, operation: string): INodeProperties[] {
	return properties.filter((p) => {
		const show = p.displayOptions?.show ?? {};
		return (
			p.name === 'confirm' &&
			(show.resource as string[] | undefined)?.includes(resource) &&
			(show.operation as string[] | undefined)?.includes(operation)
		);
	});
}

describe('the checks find a mistake', () => {
	const execute = async () => ({});
	test.each([
		[{ execute }, 'no access'],
		[{ execute, access: { kind: 'write' } }, 'a write with neither a reconcile nor a reason'],
		[{ execute, access: { kind: 'write', sentAgain: ' ' } }, 'a write with neither'],
		[{ execute, access: { kind: 'write', reconcile: 'reconcileCreate' } }, 'a write with neither'],
		[{ execute, access: { kind: 'write', reconcile: execute, sentAgain: 'x' } }, 'both'],
		[{ execute, access: { kind: 'read', reconcile: execute } }, 'a read with write facts'],
		[{ execute, access: { kind: 'delete' } }, 'access kind delete'],
	])('access %j', (module, problem) => {
		expect(accessProblem(module)).toContain(problem);
	});

	test.each([
		[{ gate: {} }, 'a gate without its answer'],
		[{ gate: { holds: () => true } }, 'a gate without its answer'],
		[{ gate: { answer: execute, holds: true } }, 'holds is no function'],
		[{ gate: { answer: execute } }, 'a gate that states no effect'],
		[{ gate: { answer: execute, effects: {} } }, 'a gate that states no effect'],
	])('gate %j', (module, problem) => {
		expect(gateProblem(module)).toBe(problem);
	});

	test('an operation outside the node has no "Confirm" field', () => {
		expect(confirmFieldsOf('draft', 'get')).toEqual([]);
		expect(confirmFieldsOf('media', 'updateAltText')).toEqual([]);
	});
});

describe('every operation module', () => {
	test('lists every operation of every resource selector, and nothing else', () => {
		const selectorValues = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				((p.options ?? []) as INodePropertyOptions[]).map(
					(option) =>
						`${(p.displayOptions?.show?.resource as string[])[0]}.${String(option.value)}`,
				),
			);
		expect(operations.map((o) => o.name).sort()).toEqual(selectorValues.sort());
	});

	test.each(operations.map((o) => [o.name, o]))('%s says whether it reads or writes', (_, op) => {
		expect(accessProblem(op.module)).toBeUndefined();
	});

	test.each(operations.map((o) => [o.name, o]))('%s has a well-formed gate or none', (_, op) => {
		expect(gateProblem(op.module)).toBeUndefined();
	});

	test('a held-back operation is a write: a read never needs "Confirm"', () => {
		const readsGated = operations.filter((o) => isGated(o.module) && kindOf(o.module) === 'read');
		expect(readsGated.map((o) => o.name)).toEqual([]);
	});
});

describe('the "Confirm" fields', () => {
	const gated = operations.filter((o) => isGated(o.module));

	test.each(gated.map((o) => [o.name, o]))(
		'%s has one "Confirm" field, shown only on the tool variant',
		(_, op) => {
			const fields = confirmFieldsOf(op.resource, op.operation);
			expect(fields).toHaveLength(1);
			expect(fields[0].displayOptions?.show?.['@tool']).toEqual([true]);
			expect(fields[0].type).toBe('boolean');
			expect(fields[0].default).toBe(false);
		},
	);

	test('each shows for held-back operations only, at least one', () => {
		const fields = properties.filter((p) => p.name === 'confirm');
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields) {
			const show = field.displayOptions?.show ?? {};
			const [resource] = show.resource as string[];
			const shownFor = (show.operation as string[]).map((operation) => `${resource}.${operation}`);
			expect(shownFor.length).toBeGreaterThan(0);
			const gatedNames = gated.map((o) => o.name);
			expect(shownFor.filter((name) => !gatedNames.includes(name))).toEqual([]);
		}
	});

	test('no operation without a gate shows one', () => {
		const ungated = operations.filter(
			(o) => !isGated(o.module) && confirmFieldsOf(o.resource, o.operation).length > 0,
		);
		expect(ungated.map((o) => o.name)).toEqual([]);
	});
});

describe('the writes as the Retries guide lists them', () => {
	/** Display names of the resources and operations, from the node's selectors. */
	const resourceNames = new Map(
		((properties.find((p) => p.name === 'resource')?.options ?? []) as INodePropertyOptions[]).map(
			(option) => [option.name, String(option.value)],
		),
	);
	function operationValue(resource: string, name: string): string | undefined {
		const selector = properties.find(
			(p) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.[0] === resource,
		);
		return ((selector?.options ?? []) as INodePropertyOptions[])
			.find((option) => option.name === name)
			?.value?.toString();
	}

	/** "Draft Create, Update and Delete; Tag Create" -> draft.create, draft.update, draft.delete, tag.create */
	function documentedWrites(line: string): string[] {
		return line.split('; ').flatMap((group) => {
			const resourceName = [...resourceNames.keys()]
				.filter((name) => group.startsWith(`${name} `))
				.sort((a, b) => b.length - a.length)[0];
			if (!resourceName) return [`unknown resource in "${group}"`];
			const resource = resourceNames.get(resourceName) as string;
			return group
				.slice(resourceName.length + 1)
				.split(/, | and /)
				.map((name) => {
					const value = operationValue(resource, name);
					return value ? `${resource}.${value}` : `unknown operation "${name}" of ${resource}`;
				});
		});
	}

	test('name exactly the operations whose module says it writes', () => {
		const guide = readFileSync(join(__dirname, '../../../docs/retries-and-duplicates.md'), 'utf8');
		const line = /^- \*\*Only the writes\*\*: ([^(]+?) \(/m.exec(guide)?.[1];
		expect(line).toBeDefined();
		const writes = operations.filter((o) => kindOf(o.module) === 'write').map((o) => o.name);
		expect(writes.length).toBeGreaterThan(0);
		expect(documentedWrites(line as string).sort()).toEqual(writes.sort());
	});
});
