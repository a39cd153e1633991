/**
 * Engine plus node CPU per Create Draft item, without the network: n8n's HTTP client answers every request
 * at once with a canned 201 (with both rate-limit header families), so what is left is n8n-core's engine,
 * the node and its transport. `npx ts-node --transpile-only bench/engineCost.ts [items] [function|file|package]`
 * prints the CPU time per item of 15 runs after 3 warm-up runs (and, with the second argument, where a
 * profiled run spends it). For finding the node's own per-item costs; the benchmark's ratios stay the measure.
 */
import '../scripts/lib/tsResolve';
import '../scripts/lib/n8nUserFolder'; // n8n-core's settings go to a throwaway user folder, not ~/.n8n
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import { CREATE_PARAMETERS } from './cases/createDraft';
import { printHotspots } from './lib/cpuProfile';
import { profiled } from './lib/inspectorProfile';
import { emptyItems, runNode } from './lib/nodeRunner';

function cannedAnswers(): void {
	const outbound = Container.get(OutboundHttp);
	const requests = outbound.requests.bind(outbound);
	const reset = () => String(Math.ceil(Date.now() / 1000) + 60);
	(outbound as unknown as { requests: () => unknown }).requests = () => ({
		...requests(),
		request: async () => ({
			statusCode: 201,
			headers: {
				'content-type': 'application/json',
				date: new Date().toUTCString(),
				connection: 'close',
				'x-ratelimit-user-limit': '1000',
				'x-ratelimit-user-remaining': '999',
				'x-ratelimit-user-reset': reset(),
				'x-ratelimit-socialset-limit': '1000',
				'x-ratelimit-socialset-remaining': '999',
				'x-ratelimit-socialset-reset': reset(),
				'x-ratelimit-socialset-resource': 'drafts.create',
			},
			body: { id: 1, status: 'draft', created_at: new Date().toISOString() },
		}),
	});
}

async function main(): Promise<void> {
	const [size = '3000', by] = process.argv.slice(2);
	const items = Number(size);
	cannedAnswers();
	const input = emptyItems(items);
	// no request leaves the process: the address is never dialled
	const target = { baseUrl: 'http://127.0.0.1:9', apiKey: 'sk_bench' };
	const run = async () => {
		const outcome = await runNode(target, CREATE_PARAMETERS, input);
		if (outcome.failed) throw new Error(JSON.stringify(outcome.items[0].json).slice(0, 500));
	};
	for (let i = 0; i < 3; i++) await run();
	const perItem: number[] = [];
	for (let i = 0; i < 15; i++) {
		const start = process.cpuUsage();
		await run();
		const used = process.cpuUsage(start);
		perItem.push((used.user + used.system) / items);
	}
	perItem.sort((a, b) => a - b);
	console.log(
		`CPU µs per item: median ${perItem[7].toFixed(1)} (fastest ${perItem[0].toFixed(1)}, slowest ${perItem[14].toFixed(1)})`,
	);
	if (!by) return;
	const file = await profiled('bench/out/prof', 'engineCost', run);
	console.log(`profile: ${file}`);
	printHotspots(file, by as 'function' | 'file' | 'package', 30);
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
