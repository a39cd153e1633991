/** What every in-process stand-in of an n8n core node shares: its description frame and its refusal. */
import type { IExecuteFunctions, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

type Description = Omit<
	INodeTypeDescription,
	'group' | 'description' | 'defaults' | 'inputs' | 'outputs'
> &
	Partial<INodeTypeDescription>;

export function describe(d: Description): INodeTypeDescription {
	return {
		group: ['transform'],
		description: `${d.displayName} (stand-in)`,
		defaults: { name: d.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		...d,
	} as INodeTypeDescription;
}

/** Refuses a parameter the stand-in does not follow, instead of guessing what n8n would do. */
export function unsupported(ctx: IExecuteFunctions, what: string): never {
	throw new NodeOperationError(
		ctx.getNode(),
		`The in-process stand-in for "${ctx.getNode().type}" does not support ${what}; run this workflow in n8n`,
	);
}
