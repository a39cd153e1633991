import type { FieldIssue } from './errors';

/** Small schema helpers that collect 422 field issues instead of throwing at the first one. */

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
	return UUID.test(value);
}

export class Issues {
	readonly list: FieldIssue[] = [];

	add(field: string, message: string): void {
		this.list.push({ field, message });
	}

	get any(): boolean {
		return this.list.length > 0;
	}

	/** Optional field of a given primitive type; `nullable` allows JSON null. */
	optional(
		obj: Record<string, unknown>,
		key: string,
		path: string,
		type: 'string' | 'boolean' | 'integer',
		nullable = false,
	): void {
		const value = obj[key];
		if (value === undefined) return;
		if (value === null) {
			if (!nullable) this.add(path, `must be a ${type}`);
			return;
		}
		const ok = type === 'integer' ? Number.isInteger(value) : typeof value === type;
		if (!ok) this.add(path, nullable ? `must be a ${type} or null` : `must be a ${type}`);
	}
}
