/**
 * What a write item changes in place: a draft (read, merged and written back by Update, Schedule, the
 * comment operations…), a media record, or a social set's queue schedule (replaced whole). Items of a
 * run with the same target run one after the other in item order, so each sees what the one before it
 * wrote, as when items went one at a time; items with different targets, and items that only make new
 * things (Create, Duplicate, Upload), run in flight together. Read from the operation's own module: its
 * access, its fields and its tool gate, so a new operation is covered without a list to keep.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import type { OperationModule } from '../types';

/** Fields that name the thing an operation writes in place. */
const IN_PLACE = ['draftId', 'mediaId'] as const;

export function targetOf(
	context: IExecuteFunctions,
	itemIndex: number,
	module: OperationModule,
): string | undefined {
	if (!changesInPlace(module)) return undefined;
	const fields = new Set(module.description.map((field) => field.name));
	for (const name of IN_PLACE) {
		const value = fields.has(name) ? idIn(context, itemIndex, name) : undefined;
		if (value !== undefined) return `${name}:${value}`;
	}
	if (module.gate?.effects.replacesQueue && fields.has('socialSetId')) {
		const socialSet = idIn(context, itemIndex, 'socialSetId');
		if (socialSet !== undefined) return `queue:${socialSet}`;
	}
	return undefined;
}

/** Whether an operation's items may change something in place (then `targetOf` names it per item). */
export function changesInPlace(module: OperationModule): boolean {
	if (module.access.kind !== 'write') return false;
	const fields = new Set(module.description.map((field) => field.name));
	return (
		IN_PLACE.some((name) => fields.has(name)) ||
		(module.gate?.effects.replacesQueue !== undefined && fields.has('socialSetId'))
	);
}

/** The id an item gives in a field, as text; undefined when it has none or it cannot be read (the item then fails on its own). */
function idIn(context: IExecuteFunctions, itemIndex: number, name: string): string | undefined {
	try {
		const value = context.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== ''))
			return String(value).trim();
	} catch {
		// the operation reads it again and names the problem
	}
	return undefined;
}
