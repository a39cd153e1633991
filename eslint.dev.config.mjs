/**
 * The lint of the code that does not ship: test/, sandbox/, scripts/ and bench/ (`npm run lint:dev`).
 * The base of `@n8n/node-cli`'s config (ESLint's and typescript-eslint's recommended rules, import-x),
 * without the rules for code that runs inside n8n: the tests, the sandbox, the scripts and the benchmark
 * run in Node on purpose (files, processes, timers, servers, fake API keys), and the scripts print.
 * The shipped code is linted by n8n's own config (eslint.config.mjs, `n8n-node lint` in strict mode)
 * and by the scanner's rule set (eslint.shipped.config.mjs).
 */
import { config } from '@n8n/node-cli/eslint';
import { noListSpreadIntoCall } from './eslint.shipped.config.mjs';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'bench/out/**', '.e2e/**', 'coverage/**'] },
	...config,
	{
		files: ['**/*.ts'],
		rules: {
			...Object.fromEntries(
				config
					.flatMap((block) => Object.keys(block.rules ?? {}))
					.filter((rule) => rule.startsWith('@n8n/community-nodes/'))
					.map((rule) => [rule, 'off']),
			),
			// The scripts and the benchmark are command-line programs: they print.
			'no-console': 'off',
			// `import x = require()` is TypeScript's import of a module object; a plain require() stays marked
			// with its reason (jest's module registry in force, n8n files its packages do not export).
			'@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
			// The sandbox's own tests read response bodies as they come; their shape is what they assert.
			'@typescript-eslint/no-explicit-any': 'off',
			// Tests look for control characters in texts on purpose.
			'no-control-regex': 'off',
			// As TypeScript's noUnusedLocals and noUnusedParameters: a leading underscore marks a name kept unused.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					destructuredArrayIgnorePattern: '^_',
				},
			],
		},
	},
	{
		// As in the shipped code: the sandbox takes texts and lists of any length from its callers, so a list
		// is added one entry at a time (tests, scripts and the benchmark build their own small lists).
		files: ['sandbox/**/*.ts'],
		rules: { 'no-restricted-syntax': noListSpreadIntoCall },
	},
];
