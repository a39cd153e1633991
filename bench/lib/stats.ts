export function median(values: number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function ratio(value: number, base: number): number {
	return base > 0 ? value / base : Number.NaN;
}

export function ms(value: number): string {
	if (!Number.isFinite(value)) return 'n/a';
	return value >= 10_000
		? `${(value / 1000).toFixed(1)} s`
		: `${value.toFixed(value >= 100 ? 0 : 1)} ms`;
}

export function times(value: number): string {
	return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

export function mib(bytes: number): string {
	return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : 'n/a';
}

export function count(value: number): string {
	return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}
