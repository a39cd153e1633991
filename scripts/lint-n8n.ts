/**
 * npm run lint:n8n: n8n's own lint (`n8n-node lint`, @n8n/node-cli) in strict mode on the shipped sources
 * (package.json, nodes/, credentials/), with its default n8n Cloud config. See scripts/lib/n8nNodeLint.ts.
 * Exit code 0 when it passes.
 */
import { lintShippedSources } from './lib/n8nNodeLint';

lintShippedSources().then(
	({ code, output }) => {
		process.stdout.write(output);
		process.exit(typeof code === 'number' ? code : 1);
	},
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
