/**
 * Summarises a CPU profile: `npx ts-node --transpile-only bench/profile.ts <file.cpuprofile> [function|file|package] [top]`.
 * Make one with `node --cpu-prof --cpu-prof-dir=bench/out/prof -r ts-node/register/transpile-only bench/run.ts --only=create`.
 */
import { hotspots } from './lib/cpuProfile';

const [file, by = 'package', top = '25'] = process.argv.slice(2);
if (!file || !['function', 'file', 'package'].includes(by)) {
	console.error('usage: profile.ts <file.cpuprofile> [function|file|package] [top]');
	process.exit(2);
}
for (const spot of hotspots(
	file,
	process.cwd(),
	by as 'function' | 'file' | 'package',
	Number(top),
)) {
	console.log(
		`${spot.selfMs.toFixed(0).padStart(7)} ms ${(spot.share * 100).toFixed(1).padStart(5)}%  ${spot.name}`,
	);
}
