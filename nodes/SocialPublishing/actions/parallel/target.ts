/**
 * What a write item changes in place: a draft (read, merged and written back by Update, Schedule, the
 * comment operations…), a media record, or a social set's queue schedule (replaced whole). Items of a
 * run with the same target run one after the other in item order, so each sees what the one before it
 * wrote, as when items went one at a time; items with different targets, and items that only make new
 * things (Create, Duplicate, Upload), run in flight together. Read from the operation's own module: its
 * access, its fields and its tool gate, so a new operation is covered without a list to keep.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { getIntegerId, getSocialSetId, getUuid } from '../params';
import type { OperationModule } from '../types';

/** Fields that name the thing an operation writes in place. */
const IN_PLACE = ['draftId', 'mediaId'] as const;

export function targetOf(
	context: IExecuteFunctions,
	itemIndex: number,
	module: OperationModule,
): string | undefined {
	for (const name of targetFields(module)) {
		const value = idIn(context, itemIndex, name);
		if (value !== undefined) return `${name === 'socialSetId' ? 'queue' : name}:${value}`;
	}
	return undefined;
}

/** Whether an operation's items may change something in place (then `targetOf` names it per item). */
export function changesInPlace(module: OperationModule): boolean {
	return targetFields(module).length > 0;
}

const fieldsOf = new WeakMap<OperationModule, string[]>();

/**
 * The fields that name what an operation's items change in place, in the order they are read: none for a
 * read; `draftId` and `mediaId` where it has them; the social set of a write that replaces the queue
 * schedule. Worked out once per operation.
 */
function targetFields(module: OperationModule): string[] {
	let fields = fieldsOf.get(module);
	if (!fields) {
		const names = new Set(module.description.map((field) => field.name));
		fields = [];
		if (module.access.kind === 'write') {
			for (const name of IN_PLACE) if (names.has(name)) fields.push(name);
			if (module.gate?.effects.replacesQueue !== undefined && names.has('socialSetId'))
				fields.push('socialSetId');
		}
		fieldsOf.set(module, fields);
	}
	return fields;
}

/**
 * The id an item gives in a field as the operation reads it (params.ts): Draft ID "5", "05" and 5 are one
 * draft, Media IDs one media whatever their case, Social Set "101" and "0101" one queue. Undefined when it
 * has none or it cannot be read (the item then fails on its own).
 */
function idIn(context: IExecuteFunctions, itemIndex: number, name: string): string | undefined {
	try {
		if (name === 'draftId') return String(getIntegerId(context, itemIndex, name, 'Draft ID'));
		if (name === 'mediaId') return getUuid(context, itemIndex, name, 'Media ID');
		return String(getSocialSetId(context, itemIndex, name));
	} catch {
		// the operation reads it again and names the problem
		return undefined;
	}
}
