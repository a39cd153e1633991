import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * The titles of the tests a test file declares: the string given to `test(...)`, `it(...)`, or
 * `test.each(...)(...)` / `it.each(...)(...)` (as written, with any `%s` placeholders), and on request the names
 * of `describe` blocks too (an entry may name a block: all of its tests). Read with the
 * TypeScript parser, so quotes and escapes inside titles are read as the test runner reads them.
 */
export function declaredTitles(
	file: string,
	blocks: 'tests' | 'tests and describes' = 'tests',
): Set<string> {
	const source = ts.createSourceFile(
		file,
		readFileSync(file, 'utf8'),
		ts.ScriptTarget.Latest,
		false,
		ts.ScriptKind.TS,
	);
	const titles = new Set<string>();
	const names = blocks === 'tests' ? ['test', 'it'] : ['test', 'it', 'describe'];
	const isTestName = (node: ts.Node) => ts.isIdentifier(node) && names.includes(node.text);
	const visit = (node: ts.Node) => {
		if (ts.isCallExpression(node)) {
			const callee = node.expression;
			const direct = isTestName(callee);
			const each =
				ts.isCallExpression(callee) &&
				ts.isPropertyAccessExpression(callee.expression) &&
				isTestName(callee.expression.expression) &&
				callee.expression.name.text === 'each';
			const first = node.arguments[0];
			if (
				(direct || each) &&
				first &&
				(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
			)
				titles.add(first.text);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return titles;
}

/** Every `*.test.ts` file under `dir`, by path relative to `base`. */
export function testFiles(dir: string, base: string = dir): string[] {
	const files: string[] = [];
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) files.push(...testFiles(path, base));
		else if (name.endsWith('.test.ts')) files.push(relative(base, path));
	}
	return files.sort();
}

const REFERENCE = /^(\S+\.test\.ts): (.+)$/;

/**
 * The problem with one entry of a map's test cell (`path: title`, the path under `base`), or undefined when it
 * names a test (or, with 'tests and describes', a describe block) that exists under that title in that file.
 * `none: reason` is an entry too where `none` is allowed.
 */
export function referenceProblem(
	entry: string,
	base: string,
	blocks: 'tests' | 'tests and describes' = 'tests',
	cache: Map<string, Set<string>> = new Map(),
): string | undefined {
	const match = REFERENCE.exec(entry);
	if (!match) return `"${entry}" is not "path: title"`;
	const [, path, title] = match;
	const file = join(base, path);
	if (!existsSync(file)) return `${path} does not exist`;
	if (!cache.has(file)) cache.set(file, declaredTitles(file, blocks));
	return cache.get(file)!.has(title) ? undefined : `${path} has no test "${title}"`;
}

/** The cells of one row of a Markdown table, `\|` read as a bar inside a cell. */
export function tableCells(line: string): string[] {
	return line
		.trim()
		.replace(/^\||\|$/g, '')
		.split(/(?<!\\)\|/)
		.map((cell) => cell.trim().replace(/\\\|/g, '|'));
}
