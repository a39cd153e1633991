/**
 * Profiles the node alone on one case and prints where its CPU time goes:
 * `npx ts-node --transpile-only bench/profileNode.ts [create|returnAll] [items] [function|file|package]`.
 * The profile (bench/out/prof/<case>.cpuprofile) opens in Chrome DevTools.
 */
import '../scripts/lib/tsResolve';
import '../scripts/lib/n8nUserFolder'; // n8n-core's settings go to a throwaway user folder, not ~/.n8n
import { CREATE_PARAMETERS } from './cases/createDraft';
import { printHotspots } from './lib/cpuProfile';
import { profiled } from './lib/inspectorProfile';
import { byId, emptyItems, runNode } from './lib/nodeRunner';
import { SandboxProcess } from './lib/sandboxProcess';

async function main(): Promise<void> {
	const [which = 'create', size = '1000', by = 'package'] = process.argv.slice(2);
	const sandbox = await SandboxProcess.start();
	try {
		await sandbox.fresh();
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.admin };
		let run: () => Promise<void>;
		if (which === 'returnAll') {
			await sandbox.seedDrafts(Number(size));
			run = async () =>
				void (await runNode(target, {
					resource: 'draft',
					operation: 'getMany',
					socialSetId: byId(101),
					returnAll: true,
				}));
		} else {
			const input = emptyItems(Number(size));
			run = async () => void (await runNode(target, CREATE_PARAMETERS, input));
		}
		await run();
		const file = await profiled('bench/out/prof', which, run);
		console.log(`profile: ${file}`);
		printHotspots(file, by as 'function' | 'file' | 'package', 30);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
