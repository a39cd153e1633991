/** Fields several operations show alike: Return All / Limit, a calendar date. */
import type { INodeProperties } from 'n8n-workflow';

/** Return All / Limit for a Get Many operation (Limit defaults to 50, as n8n's lint rules ask). */
export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

/** A date field of the queue and analytics operations: the date picker, YYYY-MM-DD typed in, or an expression. */
export function calendarDateField(
	name: string,
	displayName: string,
	description: string,
	required = true,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		required,
		default: '',
		placeholder: 'e.g. 2026-03-01',
		description,
		hint: "Only the calendar date counts (YYYY-MM-DD); the service reads it in the social set's time zone",
	};
}
