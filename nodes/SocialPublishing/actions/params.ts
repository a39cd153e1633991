import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../common/text/echo';
import { idProblem } from '../../common/transport';
import { rangeProblem, toCalendarDate } from '../helpers/dateRanges';
import { isUuid, kindOf, paramError } from '../helpers/validation';

/**
 * Text parameters the node also reads from another type an expression gives (actions/parameterTypes.ts):
 * a draft's ID from a number (`{{ $json.id }}`), a date field from a luxon DateTime or JavaScript Date, a
 * comma-separated list from a list of texts or numbers (`toList`). Any other value of another type than a
 * parameter's own stops the item naming the parameter.
 */
export const TEXT_ALSO_TAKES: Readonly<Record<string, 'whole number' | 'date' | 'list'>> = {
	draftId: 'whole number',
	planAt: 'date',
	publishAt: 'date',
	mediaIds: 'list',
	binaryProperties: 'list',
	mediaUrls: 'list',
	tagNames: 'list',
};

/** The social set ID from the resource locator, checked to be a whole number before any request. */
export function getSocialSetId(
	context: IExecuteFunctions,
	itemIndex: number,
	name = 'socialSetId',
): number {
	const raw = context.getNodeParameter(name, itemIndex, undefined, {
		extractValue: true,
	}) as unknown;
	const text = String(raw ?? '').trim();
	const problem = idProblem(text);
	if (problem) {
		const what =
			problem === 'must be a whole number' ? 'must be a social set ID (a whole number)' : problem;
		throw new NodeOperationError(
			context.getNode(),
			`Parameter "Social Set" ${what}, got "${echo(text, 80)}" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return Number(text);
}

/** A whole-number ID parameter (draft ID), checked before any request; beyond 2^53 - 1 it is refused, never rounded. */
export function getIntegerId(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): number {
	const raw = context.getNodeParameter(name, itemIndex) as unknown;
	const text = String(raw ?? '').trim();
	const problem = idProblem(text);
	if (problem) {
		throw new NodeOperationError(
			context.getNode(),
			`Parameter "${label}" ${problem}, got "${echo(text, 80)}" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return Number(text);
}

/** A UUID parameter (media, comment thread, comment), checked before any request. */
export function getUuid(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	const text = String(context.getNodeParameter(name, itemIndex) ?? '').trim();
	if (!isUuid(text)) {
		throw new NodeOperationError(
			context.getNode(),
			`Parameter "${label}" must be a UUID, got "${echo(text, 80)}" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return text.toLowerCase();
}

/** Return All / Limit as the pagination helper takes it: undefined means all. */
export function getLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (context.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = Number(context.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(
			context.getNode(),
			`Parameter "Limit" must be a whole number of at least 1 [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return limit;
}

/** A calendar date parameter (queue and analytics) as YYYY-MM-DD, checked before any request; undefined when empty and optional. */
export function getCalendarDate(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	required = true,
): string | undefined {
	const result = toCalendarDate(
		context.getNodeParameter(name, itemIndex, '') as unknown,
		context.getTimezone(),
	);
	if ('date' in result) return result.date;
	if ('problem' in result) throw paramError(context, itemIndex, label, result.problem);
	if (required) throw paramError(context, itemIndex, label, 'is required (a date as YYYY-MM-DD)');
	return undefined;
}

/**
 * Checks a date range (YYYY-MM-DD) before any request: the end not before the start, at most `maxDays` days
 * counting both ends. A problem is reported under `endLabel`.
 */
export function checkDateRange(
	context: IExecuteFunctions,
	itemIndex: number,
	range: { start: string; end: string },
	{ endLabel, maxDays }: { endLabel: string; maxDays: number },
): void {
	const problem = rangeProblem(range.start, range.end, maxDays);
	if (problem) throw paramError(context, itemIndex, endLabel, problem);
}

/** The required Start Date and End Date parameters as YYYY-MM-DD, checked to span at most `maxDays` days. */
export function getDateRange(
	context: IExecuteFunctions,
	itemIndex: number,
	maxDays: number,
): { start: string; end: string } {
	const start = getCalendarDate(context, itemIndex, 'startDate', 'Start Date') as string;
	const end = getCalendarDate(context, itemIndex, 'endDate', 'End Date') as string;
	checkDateRange(context, itemIndex, { start, end }, { endLabel: 'End Date', maxDays });
	return { start, end };
}

/**
 * The Options collection of Draft Create, Update, Schedule and Publish Now (waiting for a publish, Require
 * Resolved Comments, …): read once per item by the operations that have it, and handed to whoever needs one of them.
 */
export function readOperationOptions(context: IExecuteFunctions, itemIndex: number): IDataObject {
	return context.getNodeParameter('options', itemIndex, {}) as IDataObject;
}

/**
 * A text option of a collection (Options, Additional Fields): undefined when it was left out; any value
 * that is not text (an expression's object, number or undefined) stops the item naming the option, never
 * read as "not given".
 */
export function optionText(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	key: string,
	label: string,
): string | undefined {
	if (!Object.prototype.hasOwnProperty.call(options, key)) return undefined;
	const value = options[key];
	if (typeof value === 'string') return value;
	throw paramError(context, itemIndex, label, `must be text, got ${kindOf(value)}`);
}
