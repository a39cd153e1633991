/**
 * npm run scan: n8n's community package scanner on the packed package and on the sources, offline.
 * Builds first, so the tarball holds the current code. Exit code 1 when the scanner finds anything.
 */
import { buildPackage } from './lib/pack';
import { formatScan, scanPackage } from './lib/scan';

async function main(): Promise<number> {
	await buildPackage();
	const results = await scanPackage();
	console.log(formatScan(results));
	return results.every((r) => r.passed) ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
