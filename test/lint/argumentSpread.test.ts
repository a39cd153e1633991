import { execFileSync } from 'child_process';
import { join } from 'path';

/**
 * The project's own lint rule (eslint.shipped.config.mjs for nodes/ and credentials/, eslint.dev.config.mjs
 * for the sandbox): no list spread into push, unshift or splice (nor into Math.max, Math.min or String.fromCharCode). A spread passes each entry as an argument,
 * and past about 120,000 entries the call throws RangeError (Return All over 160,000 drafts did, in the router).
 * ESLint loads its config with a dynamic import, which jest's module system does not run, so each check
 * runs the project's ESLint on a text through standard input.
 */
const root = join(__dirname, '..', '..');
const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

/** The rule and line of each message ESLint gives for `code` as the file `file`. */
function messages(config: string, file: string, code: string): string[] {
	let out: string;
	try {
		out = execFileSync(
			process.execPath,
			[eslintBin, '-c', config, '--stdin', '--stdin-filename', file, '--format', 'json'],
			{ cwd: root, input: code, encoding: 'utf8' },
		);
	} catch (error) {
		out = String((error as { stdout?: unknown }).stdout ?? '');
	}
	const [result] = JSON.parse(out) as Array<{ messages: Array<{ ruleId: string; line: number }> }>;
	return result.messages.map((m) => `${m.ruleId}@${m.line}`);
}

const code = [
	'export function f(a: number[], b: number[]): void {',
	'\ta.push(...b);',
	'\ta.unshift(...b);',
	'\ta.splice(0, 0, ...b);',
	'\tfor (const x of b) a.push(x);',
	'\tconst c = [...a, ...b];',
	'\ta.push(c.length, Math.max(...b), String.fromCharCode(...b));',
	'}',
	'',
].join('\n');

const spreads = [2, 3, 4, 7, 7].map((line) => `no-restricted-syntax@${line}`);

test.each([
	['eslint.shipped.config.mjs', 'nodes/SocialPublishing/helpers/probe.ts'],
	['eslint.dev.config.mjs', 'sandbox/domain/probe.ts'],
])(
	'%s refuses a spread into push, unshift, splice, Math.max or fromCharCode in %s; the loop and array spreads pass',
	(config, file) => {
		expect(messages(config, file, code)).toEqual(spreads);
	},
	60_000,
);

test('tests keep their small spreads', () => {
	expect(messages('eslint.dev.config.mjs', 'test/probe.test.ts', code)).toEqual([]);
}, 60_000);
