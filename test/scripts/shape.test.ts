import { join } from 'path';
import { MAX_LINES, MAX_PARAMETERS, shapesOf, shapesUnder, summary } from '../../scripts/shape';

/** The bounds the development notes set on the functions of nodes/ and credentials/, held over every function. */

const root = join(__dirname, '..', '..');

describe('npm run shape', () => {
	const shapes = shapesUnder(root, ['nodes', 'credentials']);

	test('reads the functions of every source file (more than a thousand in over a hundred files)', () => {
		expect(shapes.length).toBeGreaterThan(1000);
		expect(new Set(shapes.map((s) => s.file)).size).toBeGreaterThan(100);
	});

	test(`no function of nodes/ or credentials/ is longer than ${MAX_LINES} lines or takes more than ${MAX_PARAMETERS} parameters`, () => {
		const { overLines, overParameters } = summary(shapes);
		expect({ overLines, overParameters }).toEqual({ overLines: [], overParameters: [] });
	});

	test('the count tells each kind of function, its lines and its parameters; `this` is no parameter', () => {
		const text = [
			'export function six(a: number, b: number, c: number, d: number, e: number, f: number) {',
			'\treturn a + b + c + d + e + f;',
			'}',
			'const arrow = (x: string) => x;',
			'class K {',
			'\tmethod(this: K, y: number): number {',
			'\t\treturn y;',
			'\t}',
			'}',
			'const fn = function named() {};',
			'declare function bodiless(a: number): void;',
		].join('\n');
		const found = shapesOf('sample.ts', text).map(({ name, line, lines, parameters }) => [
			name,
			line,
			lines,
			parameters,
		]);
		expect(found).toEqual([
			['six', 1, 3, 6],
			['arrow', 4, 1, 1],
			['method', 6, 3, 1],
			['named', 10, 1, 0],
		]);
		const { overParameters } = summary(shapesOf('sample.ts', text));
		expect(overParameters).toEqual(['sample.ts:1 six (6)']);
		const long = `function long() {\n${'\tvoid 0;\n'.repeat(MAX_LINES)}}`;
		expect(summary(shapesOf('long.ts', long)).overLines).toEqual([
			`long.ts:1 long (${MAX_LINES + 2} lines)`,
		]);
	});
});
