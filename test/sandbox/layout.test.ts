import { resolve } from 'node:path';
import type { Graph } from '../harness/importGraph';
import { edges, importCircles, importGraph, importSpecifiers } from '../harness/importGraph';

/**
 * The sandbox's two rooms (see sandbox/README.md, "Layout"): `http/` (server, router, routes, envelope,
 * access, admin, faults) and `domain/` (store, rules, markers, publisher, queue, webhooks). Arrows point
 * one way: the root (`index.ts`, `cli.ts`) may import both rooms, `http/` may import `domain/`, and
 * nothing imports back: no import circles, `domain/` never imports `http/`, neither room imports the root.
 */

const SANDBOX = resolve(__dirname, '../../sandbox');

const roomOf = (file: string): string =>
	file.includes('/') ? file.slice(0, file.indexOf('/')) : 'root';

describe('sandbox layout: the import reader and the circle finder', () => {
	it('reads every kind of import, type-only and multi-line included', () => {
		const source = [
			"import http from 'node:http';",
			"import type { A } from './a';",
			'import {',
			'\tB,',
			'\tC,',
			"} from '../b';",
			"export { D } from './d';",
			"export type { E } from './e';",
			"export * from './f';",
			"import './g';",
			"const h = require('./h');",
			"void import('./i');",
			" * import { notCode } from './comment';",
		].join('\n');
		expect(importSpecifiers(source).sort()).toEqual([
			'../b',
			'./a',
			'./d',
			'./e',
			'./f',
			'./g',
			'./h',
			'./i',
			'node:http',
		]);
	});

	it('finds a circle, also one through several files and one of a file with itself', () => {
		const graph: Graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['a.ts']],
			['c.ts', ['a.ts', 'd.ts']],
			['d.ts', ['e.ts']],
			['e.ts', ['c.ts']],
			['f.ts', ['f.ts']],
			['g.ts', ['a.ts']],
		]);
		expect(importCircles(graph).sort()).toEqual([
			['a.ts', 'b.ts', 'a.ts'],
			['c.ts', 'd.ts', 'e.ts', 'c.ts'],
			['f.ts', 'f.ts'],
		]);
		expect(
			importCircles(
				new Map([
					['a.ts', ['b.ts']],
					['b.ts', []],
				]),
			),
		).toEqual([]);
	});
});

describe('sandbox layout: two rooms, arrows one way', () => {
	const graph = importGraph(SANDBOX);

	it('reads the sandbox: files in both rooms and their imports', () => {
		const files = [...graph.keys()];
		expect(files.some((f) => f.startsWith('http/'))).toBe(true);
		expect(files.some((f) => f.startsWith('domain/'))).toBe(true);
		expect(graph.get('index.ts')?.length).toBeGreaterThan(0);
	});

	it('has no import circles (type-only imports count)', () => {
		expect(importCircles(graph).map((c) => c.join(' -> '))).toEqual([]);
	});

	it('domain/ never imports http/', () => {
		const back = edges(graph).filter(
			([from, to]) => roomOf(from) === 'domain' && roomOf(to) === 'http',
		);
		expect(back.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
	});

	it('neither room imports the root (index.ts, cli.ts)', () => {
		const up = edges(graph).filter(
			([from, to]) => roomOf(from) !== 'root' && roomOf(to) === 'root',
		);
		expect(up.map(([from, to]) => `${from} -> ${to}`)).toEqual([]);
	});
});
