import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { ExecutionBaseError, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { echo } from '../../common/text/echo';
import { secretsOf, withoutSecretsInError, withoutSecretsOut } from '../../common/transport';
import { unconfirmedToolAction } from './confirm';
import { resources } from './resources';
import { runInFlight } from './parallel/inFlight';
import { readParallelBound } from './parallel/setting';
import { targetOf as targetOfItem } from './parallel/target';
import { RetryTry } from './retryOnFail';
import { withTypedParameters } from './parameterTypes';
import { withStaticParameters } from './staticParameters';
import type { OperationModule, OperationResult, Resources } from './types';

function isExecutionData(value: unknown): value is INodeExecutionData {
	return (
		typeof value === 'object' &&
		value !== null &&
		'json' in value &&
		typeof (value as INodeExecutionData).json === 'object'
	);
}

function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list = Array.isArray(result) ? result : [result];
	return list.map((entry) => {
		const item = isExecutionData(entry) ? entry : { json: entry as IDataObject };
		return { ...item, pairedItem: { item: itemIndex } };
	});
}

/** The item an error becomes under "Continue On Fail": the service's code, message and details, paired to its input. */
export function errorItem(error: unknown, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { message: error instanceof Error ? error.message : String(error) };
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.description) json.description = error.description;
		const service = error.context?.service as IDataObject | undefined;
		if (service) {
			json.code = service.code;
			json.details = service.details;
			if (service.missing) json.missing = service.missing;
		}
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	}
	return { json: { error: json }, pairedItem: { item: itemIndex } };
}

/** Characters of an unexpected error's message kept (a bug's or a library's, not the node's own errors). */
const UNEXPECTED_MESSAGE_LIMIT = 1000;

/** Lines of an unexpected error's call stack kept, for a bug report. */
const STACK_FRAMES_KEPT = 30;

/**
 * Errors leave the node as n8n errors that name their item; n8n's own keep their texts, less the credential's
 * secrets (common/transport/secretsOut.ts). An error that is
 * not one of n8n's (a bug's, a library's) gets a new message: its own, bounded, without the credential's
 * secrets and credential-like pairs (common/text/echo.ts), and its call stack's frames without the
 * original message.
 */
export async function asNodeError(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): Promise<NodeApiError | NodeOperationError> {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return await withoutSecretsInError(context, error);
	}
	// n8n's other errors (an expression's, a cancelled execution's) keep their text and description
	if (error instanceof ExecutionBaseError)
		return new NodeOperationError(context.getNode(), error, { itemIndex });
	const raw = error instanceof Error ? error.message : error;
	const secrets = await secretsOf(context);
	const message = echo(raw, UNEXPECTED_MESSAGE_LIMIT, secrets);
	const wrapped = new NodeOperationError(context.getNode(), message, { itemIndex });
	if (error instanceof Error && typeof error.stack === 'string') {
		// V8 writes the stack as "Name: message" and then the frames: the frames start past the message
		const head = `${error.name}: ${error.message}`;
		const frames = (error.stack.startsWith(head) ? error.stack.slice(head.length) : error.stack)
			.slice(0, 64 * 1024)
			.split('\n')
			.filter((line) => /^\s+at /.test(line))
			.slice(0, STACK_FRAMES_KEPT)
			.map((line) => `    ${echo(line, 300, secrets)}`);
		wrapped.stack = [`NodeOperationError: ${message}`, ...frames].join('\n');
	}
	return wrapped;
}

/** An own property only: a name like "constructor" or "__proto__" finds nothing. */
function own<T extends object>(table: T, name: string): T[keyof T] | undefined {
	return Object.prototype.hasOwnProperty.call(table, name) ? table[name as keyof T] : undefined;
}

/** The module of the item's operation, or undefined when the resource or operation is not one of the node's. */
function moduleOf(context: IExecuteFunctions, itemIndex: number): OperationModule | undefined {
	const resource = context.getNodeParameter('resource', itemIndex) as string;
	const operation = context.getNodeParameter('operation', itemIndex) as string;
	const resourceModule = own<Resources>(resources, resource);
	return resourceModule && own(resourceModule.operations, operation);
}

/**
 * Runs each item's operation, with the parameters that hold no expression read once per run
 * (staticParameters.ts). Items run in flight together, as many as Request Options > Max Parallel Requests
 * allows and the service's answers make room for (parallel/); their outputs come back in item order, each
 * paired to its item. Writes go through the try's retry memory (actions/retryOnFail): under n8n's Retry On
 * Fail an item whose write succeeded in an earlier try gives back that output without a request, and one
 * whose outcome was unknown is reconciled with the service before anything is sent; a try that reconciles
 * runs its items one at a time, so nothing another item writes meanwhile is taken for the one reconciled.
 * What the operation is (its `access`, its `gate`) is read from its module.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const outputs: INodeExecutionData[][] = new Array(items.length);
	// every value read is of its parameter's type (parameterTypes.ts), checked once for a static one
	const context = withStaticParameters(withTypedParameters(this));
	const retry = new RetryTry(context);
	const continueOnFail = this.continueOnFail();
	let errorItems = 0;
	const runItem = async (lane: IExecuteFunctions, itemIndex: number) => {
		try {
			const result = await runOperation(lane, retry, itemIndex, items[itemIndex]);
			outputs[itemIndex] = await withoutSecretsOut(this, toItems(result, itemIndex));
		} catch (error) {
			const nodeError = await asNodeError(this, error, itemIndex);
			if (!continueOnFail) throw nodeError;
			errorItems++;
			outputs[itemIndex] = await withoutSecretsOut(this, [errorItem(nodeError, itemIndex)]);
		}
	};
	// read (and checked) for every run, so a bad value is refused whatever the number of items
	const setting = readParallelBound(context);
	const bound = items.length > 1 && !retry.reconciles() ? setting : 1;
	const targetOf = (itemIndex: number) => {
		const module = moduleOf(context, itemIndex);
		return module && targetOfItem(context, itemIndex, module);
	};
	await runInFlight(context, items.length, { bound, targetOf }, runItem);
	retry.finish(errorItems);
	const output: INodeExecutionData[] = [];
	// one by one: Return All may give 500,000 entries, more than one call takes as arguments
	for (const list of outputs) for (const item of list) output.push(item);
	return [output];
}

/** One item's operation, as its module says: held back for the AI tool's Confirm, run once across tries, or run. */
async function runOperation(
	context: IExecuteFunctions,
	retry: RetryTry,
	itemIndex: number,
	item: INodeExecutionData,
): Promise<OperationResult> {
	const handler = moduleOf(context, itemIndex);
	if (!handler) {
		const resource = context.getNodeParameter('resource', itemIndex) as string;
		const operation = context.getNodeParameter('operation', itemIndex) as string;
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
			{ itemIndex },
		);
	}
	const { access, gate } = handler;
	const dryRun = gate ? await unconfirmedToolAction(context, gate, itemIndex) : undefined;
	if (dryRun) return dryRun;
	const run = async () => await handler.execute.call(context, itemIndex);
	return access.kind === 'write'
		? await retry.item(context, access, itemIndex, item, run)
		: await run();
}
