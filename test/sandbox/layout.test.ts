import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The sandbox's two rooms (see sandbox/README.md, "Layout"): `http/` (server, router, routes, envelope,
 * access, admin, faults) and `domain/` (store, rules, markers, publisher, queue, webhooks). Arrows point
 * one way: the root (`index.ts`, `cli.ts`) may import both rooms, `http/` may import `domain/`, and
 * nothing imports back: no import circles, `domain/` never imports `http/`, neither room imports the root.
 */

const SANDBOX = resolve(__dirname, '../../sandbox');

/** Every .ts file under `dir`, as a path relative to sandbox/ with forward slashes. */
function sandboxFiles(dir = SANDBOX): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = join(dir, entry.name);
		if (entry.isDirectory()) return sandboxFiles(full);
		return entry.name.endsWith('.ts') ? [relative(SANDBOX, full).split(sep).join('/')] : [];
	});
}

/**
 * Module specifiers a source imports: `import ... from`, `import type ... from`, `export ... from`
 * (also spread over several lines), side-effect `import '...'`, `import('...')` and `require('...')`.
 */
function importSpecifiers(source: string): string[] {
	const patterns = [
		/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
		/^\s*import\s*['"]([^'"]+)['"]/gm,
		/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]));
}

/** The sandbox file a relative specifier of `from` names, or null when it leaves the sandbox. */
function resolveImport(from: string, spec: string): string | null {
	const base = resolve(SANDBOX, dirname(from), spec);
	const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
		(p) => p.endsWith('.ts') && existsSync(p),
	);
	if (!target) throw new Error(`${from}: cannot resolve import '${spec}'`);
	const rel = relative(SANDBOX, target);
	return rel.startsWith('..') ? null : rel.split(sep).join('/');
}

type Graph = Map<string, string[]>;

function importGraph(): Graph {
	const graph: Graph = new Map();
	for (const file of sandboxFiles()) {
		const specs = importSpecifiers(readFileSync(join(SANDBOX, file), 'utf8')).filter((s) =>
			s.startsWith('.'),
		);
		const targets = specs.map((s) => resolveImport(file, s)).filter((t): t is string => t !== null);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** One circle per strongly connected component of more than one file (or a file importing itself), as a path back to its start. */
function importCircles(graph: Graph): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const components: string[][] = [];
	const visit = (node: string): void => {
		index.set(node, index.size);
		low.set(node, index.get(node)!);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node)!, low.get(next)!));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
		}
		if (low.get(node) === index.get(node)) {
			const component: string[] = [];
			let member: string;
			do {
				member = stack.pop()!;
				onStack.delete(member);
				component.push(member);
			} while (member !== node);
			components.push(component);
		}
	};
	for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
	return components
		.filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]))
		.map((c) => shortestCircle(graph, [...c].sort()[0], new Set(c)));
}

/** The shortest path from `start` back to itself inside `members` (breadth first). */
function shortestCircle(graph: Graph, start: string, members: Set<string>): string[] {
	const previous = new Map<string, string>();
	const queue = [start];
	while (queue.length > 0) {
		const node = queue.shift()!;
		for (const next of graph.get(node) ?? []) {
			if (!members.has(next)) continue;
			if (next === start) {
				const path = [start];
				for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
				return [...path, start];
			}
			if (!previous.has(next)) {
				previous.set(next, node);
				queue.push(next);
			}
		}
	}
	return [start];
}

const roomOf = (file: string): string =>
	file.includes('/') ? file.slice(0, file.indexOf('/')) : 'root';

function edges(graph: Graph): Array<[string, string]> {
	return [...graph].flatMap(([from, targets]) => targets.map((to): [string, string] => [from, to]));
}

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
	const graph = importGraph();

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
