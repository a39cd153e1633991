import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import graph of a folder's TypeScript files, for the layout tests (test/sandbox/layout.test.ts,
 * test/nodes/layout.test.ts): who imports whom, the circles, and what a file reaches.
 */

/** Files by path (relative to the root, with forward slashes) and the files each imports. */
export type Graph = Map<string, string[]>;

/** Every .ts file under `dir`, as a path relative to `root` with forward slashes. */
function tsFiles(root: string, dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(root, full);
		return entry.name.endsWith('.ts') ? [relative(root, full).split(sep).join('/')] : [];
	});
}

/**
 * Module specifiers a source imports: `import ... from`, `import type ... from`, `export ... from`
 * (also spread over several lines), side-effect `import '...'`, `import('...')` and `require('...')`.
 */
export function importSpecifiers(source: string): string[] {
	const patterns = [
		/^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
		/^\s*import\s*['"]([^'"]+)['"]/gm,
		/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]));
}

/** The file a relative specifier of `from` names, relative to `root`, or null when it leaves `root`. */
function resolveImport(root: string, from: string, spec: string): string | null {
	const base = resolve(root, dirname(from), spec);
	const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
		(p) => p.endsWith('.ts') && existsSync(p),
	);
	if (!target) throw new Error(`${from}: cannot resolve import '${spec}'`);
	const rel = relative(root, target);
	return rel.startsWith('..') ? null : rel.split(sep).join('/');
}

/**
 * The relative imports of every .ts file under `dirs` (folders of `root`; `.` for all of it), type-only
 * imports included. An import that leaves `root` is left out; one into another folder of `root` is kept.
 */
export function importGraph(root: string, dirs: string[] = ['.']): Graph {
	const graph: Graph = new Map();
	for (const file of dirs.flatMap((dir) => tsFiles(root, resolve(root, dir)))) {
		const specs = importSpecifiers(readFileSync(join(root, file), 'utf8')).filter((s) =>
			s.startsWith('.'),
		);
		const targets = specs
			.map((s) => resolveImport(root, file, s))
			.filter((t): t is string => t !== null);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** The package names (non-relative specifiers) each file of `dirs` imports. */
export function packageImports(root: string, dirs: string[]): Map<string, string[]> {
	const packages = new Map<string, string[]>();
	for (const file of dirs.flatMap((dir) => tsFiles(root, resolve(root, dir)))) {
		const specs = importSpecifiers(readFileSync(join(root, file), 'utf8'));
		packages.set(file, [...new Set(specs.filter((s) => !s.startsWith('.')))]);
	}
	return packages;
}

/** One circle per strongly connected component of more than one file (or a file importing itself), as a path back to its start. */
export function importCircles(graph: Graph): string[][] {
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

/** Every import as a pair: the importing file, the imported one. */
export function edges(graph: Graph): Array<[string, string]> {
	return [...graph].flatMap(([from, targets]) => targets.map((to): [string, string] => [from, to]));
}

/**
 * For each file `start` reaches through its imports (itself left out unless it comes back to itself), the
 * shortest path there, as the files on the way.
 */
export function reachable(graph: Graph, start: string): Map<string, string[]> {
	const paths = new Map<string, string[]>();
	const queue: string[][] = [[start]];
	while (queue.length > 0) {
		const path = queue.shift()!;
		for (const next of graph.get(path[path.length - 1]) ?? []) {
			if (paths.has(next)) continue;
			const longer = [...path, next];
			paths.set(next, longer);
			queue.push(longer);
		}
	}
	return paths;
}
