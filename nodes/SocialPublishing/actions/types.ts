import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

/** What an operation gives back for one input item: one object, several, or ready-made items (binary output). */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

export type OperationExecute = (
	this: IExecuteFunctions,
	itemIndex: number,
) => Promise<OperationResult>;

export interface Operation {
	description: INodeProperties[];
	execute: OperationExecute;
}

export interface ResourceModule {
	/** The operation selector and every operation's fields, each shown only for its resource and operation. */
	description: INodeProperties[];
	operations: Record<string, { execute: OperationExecute }>;
}
