/**
 * The shape of the functions of nodes/ and credentials/: `npm run shape`.
 *
 * Counts every function (declarations, methods, arrow functions and function expressions) with the TypeScript
 * parser and prints how many there are, their lines and parameters (the longest and the most), and the ones
 * past the bounds the development notes set: longer than 80 lines, or more than 5 parameters.
 * `npm run shape -- --json` prints the figures as JSON. test/scripts/shape.test.ts holds the bounds.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

export const MAX_LINES = 80;
export const MAX_PARAMETERS = 5;

export interface FunctionShape {
	file: string;
	name: string;
	line: number;
	lines: number;
	parameters: number;
}

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

function nameOf(node: ts.Node): string {
	const named = node as ts.Node & { name?: ts.Node };
	if (named.name && ts.isIdentifier(named.name)) return named.name.text;
	const parent = node.parent;
	if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
		return parent.name.text;
	if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
		return parent.name.text;
	return '(anonymous)';
}

/** Every function of one source text, with its length in lines and its number of parameters. */
export function shapesOf(file: string, text: string): FunctionShape[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
	const shapes: FunctionShape[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
			const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			const parameters = node.parameters.filter(
				(p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'),
			).length;
			shapes.push({
				file,
				name: nameOf(node),
				line: start + 1,
				lines: end - start + 1,
				parameters,
			});
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return shapes;
}

/** The shapes of every function under the given folders of `root`. */
export function shapesUnder(root: string, folders: string[]): FunctionShape[] {
	return folders.flatMap((folder) =>
		sourceFiles(join(root, folder)).flatMap((path) =>
			shapesOf(relative(root, path), readFileSync(path, 'utf8')),
		),
	);
}

export function summary(shapes: FunctionShape[]) {
	const longest = [...shapes].sort((a, b) => b.lines - a.lines)[0];
	const most = [...shapes].sort((a, b) => b.parameters - a.parameters)[0];
	return {
		functions: shapes.length,
		files: new Set(shapes.map((s) => s.file)).size,
		meanLines: Number((shapes.reduce((n, s) => n + s.lines, 0) / shapes.length).toFixed(1)),
		longest: longest && `${longest.file}:${longest.line} ${longest.name} (${longest.lines} lines)`,
		mostParameters: most && `${most.file}:${most.line} ${most.name} (${most.parameters})`,
		overLines: shapes
			.filter((s) => s.lines > MAX_LINES)
			.map((s) => `${s.file}:${s.line} ${s.name} (${s.lines} lines)`),
		overParameters: shapes
			.filter((s) => s.parameters > MAX_PARAMETERS)
			.map((s) => `${s.file}:${s.line} ${s.name} (${s.parameters})`),
	};
}

if (require.main === module) {
	const root = join(__dirname, '..');
	const figures = summary(shapesUnder(root, ['nodes', 'credentials']));
	if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
	else {
		console.log(
			`${figures.functions} functions in ${figures.files} files of nodes/ and credentials/, ${figures.meanLines} lines on average`,
		);
		console.log(`longest: ${figures.longest}; most parameters: ${figures.mostParameters}`);
		console.log(
			`longer than ${MAX_LINES} lines: ${figures.overLines.length ? figures.overLines.join('; ') : 'none'}`,
		);
		console.log(
			`more than ${MAX_PARAMETERS} parameters: ${figures.overParameters.length ? figures.overParameters.join('; ') : 'none'}`,
		);
	}
}
