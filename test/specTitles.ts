import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * The titles of the tests a test file declares: the string given to `test(...)`, `it(...)`, or
 * `test.each(...)(...)` / `it.each(...)(...)` (as written, with any `%s` placeholders). Read with the
 * TypeScript parser, so quotes and escapes inside titles are read as the test runner reads them.
 */
export function declaredTitles(file: string): Set<string> {
	const source = ts.createSourceFile(
		file,
		readFileSync(file, 'utf8'),
		ts.ScriptTarget.Latest,
		false,
		ts.ScriptKind.TS,
	);
	const titles = new Set<string>();
	const isTestName = (node: ts.Node) =>
		ts.isIdentifier(node) && (node.text === 'test' || node.text === 'it');
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
