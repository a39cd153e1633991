/**
 * Not run by jest: `npm run typecheck` (tsc over test/) compiles it, and each `@ts-expect-error` below
 * fails the check when the line under it compiles. It proves that an operation module cannot leave out
 * what it is: its `access`, a write's reconcile decision, a gate's effects and answer (operations.test.ts checks the
 * modules themselves).
 */
import type * as create from '../../../nodes/SocialPublishing/actions/draft/create.operation';
import type * as getMany from '../../../nodes/SocialPublishing/actions/draft/getMany.operation';
import type {
	Access,
	OperationModule,
	Operations,
	ToolGate,
} from '../../../nodes/SocialPublishing/actions/types';

const description: OperationModule['description'] = [];
const execute: OperationModule['execute'] = async () => ({});
const answer: ToolGate['answer'] = async () => ({});

/** The forms that compile: a read, a reconciled write, a write sent again with its reason, a gate. */
export const accepted = {
	read: { description, execute, access: { kind: 'read' } },
	reconciled: { description, execute, access: { kind: 'write', reconcile: async () => undefined } },
	sentAgain: { description, execute, access: { kind: 'write', sentAgain: 'PUT: the same again' } },
	gated: {
		description,
		execute,
		access: { kind: 'read' },
		gate: { effects: { deletes: true }, answer },
	},
} satisfies Operations;

/** A resource index lists an operation module without `access`. */
export const withoutAccess = {
	// @ts-expect-error an operation module must export its access
	getMany: {} as Omit<typeof getMany, 'access'>,
} satisfies Operations;

/** The real Draft Create module, with its access or its gate taken away. */
// @ts-expect-error without `access` it is no operation module
export const createWithoutAccess: OperationModule = {} as Omit<typeof create, 'access'>;
export const createWithoutGate: OperationModule = {} as Omit<typeof create, 'gate'>; // a gate is optional

// @ts-expect-error a write must say how an unknown outcome is reconciled, or why it is sent again
export const bareWrite: Access = { kind: 'write' };

// @ts-expect-error `undefined` is no reconcile decision
export const undefinedReconcile: Access = { kind: 'write', reconcile: undefined };

// @ts-expect-error a read has no reconcile
export const readReconciled: Access = { kind: 'read', reconcile: async () => undefined };

// @ts-expect-error a gate must give its dry-run answer
export const gateWithoutAnswer: ToolGate = { effects: { deletes: true }, holds: async () => true };

// @ts-expect-error a gate must state what the operation does to what is public
export const gateWithoutEffects: ToolGate = { answer };
