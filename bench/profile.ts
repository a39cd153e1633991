/**
 * Summarises a CPU profile: `npx ts-node --transpile-only bench/profile.ts <file.cpuprofile> [function|file|package] [top]`.
 * Make one with `node --cpu-prof --cpu-prof-dir=bench/out/prof -r ts-node/register/transpile-only bench/run.ts --only=create`.
 */
import { printHotspots } from './lib/cpuProfile';

const [file, by = 'package', top = '25'] = process.argv.slice(2);
if (!file || !['function', 'file', 'package'].includes(by)) {
	console.error('usage: profile.ts <file.cpuprofile> [function|file|package] [top]');
	process.exit(2);
}
printHotspots(file, by as 'function' | 'file' | 'package', Number(top));
