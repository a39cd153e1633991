/**
 * The scanner's lint of the shipped code (`npm run lint:shipped`): the two rule sets n8n's community package
 * scanner runs on a package's sources, combined the way `@n8n/node-cli`'s ESLint config combines them:
 * - `@n8n/eslint-plugin-community-nodes`, recommended config (the n8n Cloud one), its warnings raised to errors;
 * - `eslint-plugin-n8n-nodes-base`: its `community` rules on package.json, `credentials` rules on credentials/,
 *   `nodes` rules on nodes/, with the same rules switched off as node-cli and the scanner switch off;
 * - `no-console`, which both add.
 * The scanner reads no inline `eslint-disable` comments, so shipped code carries none.
 * Next to n8n's own lint (`npm run lint:n8n`: `n8n-node lint` in strict mode with eslint.config.mjs, the CLI's
 * default), this one also fails on the community rules' warnings and on inline `eslint-disable` comments.
 */
import tsParser from '@typescript-eslint/parser';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

const community = n8nCommunityNodesPlugin.configs.recommended;

/**
 * The project's rule against spreading a list into one call (also used by eslint.dev.config.mjs for the
 * sandbox): each entry becomes an argument, and past about 120,000 the call throws RangeError.
 */
export const noListSpreadIntoCall = [
	'error',
	{
		selector:
			'CallExpression[callee.property.name=/^(push|unshift|splice|max|min|fromCharCode|fromCodePoint)$/] > SpreadElement',
		message:
			'Add entries one by one: a spread passes each entry as an argument, and past about 120,000 a call throws RangeError (call stack).',
	},
];

export default [
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'test/**',
			'sandbox/**',
			'scripts/**',
			'bench/**',
			'examples/**',
			'docs/**',
			'*.js',
			'*.mjs',
		],
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
		// As the scanner (allowInlineConfig: false): an inline eslint-disable in shipped code has no effect.
		linterOptions: { noInlineConfig: true },
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		plugins: { ...community.plugins, 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...Object.fromEntries(Object.keys(community.rules).map((rule) => [rule, 'error'])),
			'no-console': 'error',
		},
	},
	{
		files: ['package.json'],
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Off in node-cli and in the scanner: not valid for community nodes.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			// Off in node-cli and in the scanner: the community-nodes password rule replaces it.
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// Off in node-cli and in the scanner: inputs and outputs may be the NodeConnectionTypes enum.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			// Off in node-cli and in the scanner: an API's own maximum is a valid maxValue.
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{
		// The project's own rule, beside the scanner's: a list of any length is added one entry at a time.
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		rules: { 'no-restricted-syntax': noListSpreadIntoCall },
	},
];
