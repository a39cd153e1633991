import tsParser from '@typescript-eslint/parser';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'bench/**', 'examples/**', '*.js', '*.mjs'] },
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		...n8nCommunityNodesPlugin.configs.recommended,
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		rules: {
			...n8nCommunityNodesPlugin.configs.recommended.rules,
			'@n8n/community-nodes/resource-operation-pattern': 'error',
			'@n8n/community-nodes/icon-prefer-themed-variants': 'error',
			'@n8n/community-nodes/no-dead-files': 'error',
			'@n8n/community-nodes/node-registration-complete': 'error',
			'@n8n/community-nodes/require-files-array': 'error',
			'@n8n/community-nodes/require-homepage': 'error',
			'@n8n/community-nodes/credential-unnecessary-password': 'error',
		},
	},
];
