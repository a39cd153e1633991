import { cpus, loadavg, totalmem } from 'os';
import type { Row } from './types';

export interface Machine {
	date: string;
	cpu: string;
	cores: number;
	memoryGiB: number;
	node: string;
	loadBefore: number[];
	loadAfter?: number[];
}

export function machine(): Machine {
	const list = cpus();
	return {
		date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
		cpu: list[0]?.model.trim() ?? 'unknown',
		cores: list.length,
		memoryGiB: Math.round(totalmem() / 2 ** 30),
		node: process.version,
		loadBefore: loadavg(),
	};
}

function cell(text: string): string {
	return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function verdict(row: Row): string {
	if (row.met === undefined) return '';
	return row.met ? 'met' : '**not met**';
}

export function markdownTable(rows: Row[]): string {
	const lines = [
		'| Case | Measure | Result | Target | Met | Machine load during the case |',
		'|---|---|---|---|---|---|',
	];
	for (const row of rows) {
		lines.push(
			`| ${cell(row.case)} | ${cell(row.measure)} | ${cell(row.result)} | ${cell(row.target)} | ${verdict(row)} | ${cell(row.load ?? '')} |`,
		);
	}
	return lines.join('\n');
}

function load(values: number[] | undefined): string {
	return values ? values.map((v) => v.toFixed(2)).join(' / ') : 'n/a';
}

export function machineLines(m: Machine, durationMs: number, mode: string): string[] {
	return [
		`- Date: ${m.date}`,
		`- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory`,
		`- Node: ${m.node}`,
		`- Mode: ${mode}; whole run ${(durationMs / 1000).toFixed(0)} s`,
		`- Load average (1 / 5 / 15 min) before: ${load(m.loadBefore)}, after: ${load(m.loadAfter)}`,
	];
}

export function resultsMarkdown(
	m: Machine,
	rows: Row[],
	durationMs: number,
	mode: string,
	notes: string[],
): string {
	const met = rows.filter((r) => r.met === true).length;
	const targets = rows.filter((r) => r.met !== undefined).length;
	return [
		'# Benchmark results',
		'',
		'Written by `npm run bench` (see README.md in this folder for what each case does and how to read it).',
		'',
		...machineLines(m, durationMs, mode),
		`- Targets met: ${met} of ${targets}`,
		'',
		markdownTable(rows),
		'',
		...(notes.length ? ['Notes:', '', ...notes.map((n) => `- ${n}`), ''] : []),
	].join('\n');
}
