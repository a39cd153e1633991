/**
 * In-process stand-ins for the core nodes of the bulk import example: Extract From File (Extract From CSV)
 * and Stop and Error. Like the others (coreNodes.ts), each does what n8n's node of the same type name and
 * version does for the parameters the examples set, following n8n-nodes-base's code, and refuses anything
 * else instead of guessing.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { describe, unsupported } from './standIn';

/**
 * The records of a CSV text as csv-parse reads them with its defaults (delimiter `,`, quote and escape `"`,
 * records ending in `\n`, `\r\n` or `\r`, no record after a last line ending). Throws on an unclosed quote,
 * a quote inside an unquoted field, or text after a closing quote.
 */
export function parseCsv(text: string): string[][] {
	const records: string[][] = [];
	let record: string[] = [];
	let field = '';
	let quoted = false;
	let wasQuoted = false;
	const endField = () => {
		record.push(field);
		field = '';
		wasQuoted = false;
	};
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted) {
			if (c !== '"') field += c;
			else if (text[i + 1] === '"') field += text[i++];
			else quoted = false;
		} else if (c === ',') endField();
		else if (c === '\n' || c === '\r') {
			if (c === '\r' && text[i + 1] === '\n') i++;
			endField();
			records.push(record);
			record = [];
		} else if (wasQuoted) throw new Error(`Invalid Closing Quote: got "${c}" at position ${i}`);
		else if (c === '"') {
			if (field !== '')
				throw new Error(`Invalid Opening Quote: a quote is found in a field at position ${i}`);
			quoted = true;
			wasQuoted = true;
		} else field += c;
	}
	if (quoted) throw new Error('Quote Not Closed: the parsing is finished with an opening quote');
	if (field !== '' || record.length > 0 || wasQuoted) {
		endField();
		records.push(record);
	}
	return records;
}

/** Rows as objects keyed by the header row (csv-parse `columns: true`); empty cells left out, as the node does by default. */
export function csvRows(text: string): IDataObject[] {
	const [header, ...records] = parseCsv(text);
	if (!header) return [];
	if (new Set(header).size !== header.length) throw new Error('Duplicate column names');
	return records.map((record, index) => {
		if (record.length !== header.length)
			throw new Error(
				`Invalid Record Length: columns length is ${header.length}, got ${record.length} on line ${index + 2}`,
			);
		const row: IDataObject = {};
		header.forEach((name, k) => {
			if (record[k] !== '') row[name] = record[k];
		});
		return row;
	});
}

/** Extract From File v1, "Extract From CSV" with no options: one item per row, each paired to its file's item. */
class ExtractFromFileStandIn implements INodeType {
	description = describe({
		displayName: 'Extract from File',
		name: 'extractFromFile',
		version: 1,
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [{ name: 'Extract From CSV', value: 'csv' }],
				default: 'csv',
			},
			{
				displayName: 'Input Binary Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
			},
			{ displayName: 'Options', name: 'options', type: 'collection', default: {}, options: [] },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (this.getNodeParameter('operation', 0) !== 'csv')
			unsupported(this, 'operations other than Extract From CSV');
		const out: INodeExecutionData[] = [];
		const items = this.getInputData();
		for (let i = 0; i < items.length; i++) {
			if (Object.keys(this.getNodeParameter('options', i, {}) as IDataObject).length)
				unsupported(this, 'options');
			const name = this.getNodeParameter('binaryPropertyName', i) as string;
			this.helpers.assertBinaryData(i, name);
			const text = (await this.helpers.getBinaryDataBuffer(i, name)).toString('utf8');
			let rows: IDataObject[];
			try {
				rows = csvRows(text);
			} catch (error) {
				throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
			}
			for (const json of rows) out.push({ json, pairedItem: { item: i } });
		}
		return [out];
	}
}

/** Stop and Error v1, "Error Message": throws the message read at the first item; no output. */
class StopAndErrorStandIn implements INodeType {
	description = describe({
		displayName: 'Stop and Error',
		name: 'stopAndError',
		version: 1,
		outputs: [],
		properties: [
			{
				displayName: 'Error Type',
				name: 'errorType',
				type: 'options',
				options: [{ name: 'Error Message', value: 'errorMessage' }],
				default: 'errorMessage',
			},
			{ displayName: 'Error Message', name: 'errorMessage', type: 'string', default: '' },
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (this.getNodeParameter('errorType', 0) !== 'errorMessage')
			unsupported(this, 'error types other than Error Message');
		throw new NodeOperationError(
			this.getNode(),
			this.getNodeParameter('errorMessage', 0) as string,
		);
	}
}

export function csvNodeStandIns(): Record<string, INodeType> {
	return {
		'n8n-nodes-base.extractFromFile': new ExtractFromFileStandIn(),
		'n8n-nodes-base.stopAndError': new StopAndErrorStandIn(),
	};
}
