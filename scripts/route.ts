/**
 * The route of one item through the node's code, at run time: `npm run route`.
 *
 * Runs one Draft > Create item (a two-post thread for X and Bluesky, one image from a binary property,
 * Publish At a date) through n8n-core's engine against the sandbox, and records which files of nodes/ it
 * enters, in order: every function a module exports is wrapped, so a call from one file into another is
 * seen. It prints the files, how many there are, and each return to a file the item had left.
 * `npm run route -- --json` prints the same as JSON.
 */
import './lib/tsResolve';
import { relative, sep } from 'path';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { startSandbox } from '../sandbox';
import { runWorkflow } from '../test/harness/runWorkflow';
import { singleNodeWorkflow } from '../test/harness/workflows';

const NODES = `${sep}nodes${sep}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const entered: string[] = [];
let tracing = false;

/** Wraps the exported functions of every loaded module of nodes/, so each call records its file. */
function instrument(): number {
	let wrapped = 0;
	for (const [file, mod] of Object.entries(require.cache)) {
		if (!mod || !file.includes(NODES) || file.includes(`${sep}node_modules${sep}`)) continue;
		const name = relative(`${__dirname}${sep}..`, file);
		const exports = mod.exports as Record<string, unknown>;
		for (const key of Object.keys(exports)) {
			const value = exports[key];
			const descriptor = Object.getOwnPropertyDescriptor(exports, key);
			if (typeof value !== 'function' || !descriptor?.writable || /^[A-Z]/.test(key)) continue;
			const fn = value as (...args: unknown[]) => unknown;
			exports[key] = function (this: unknown, ...args: unknown[]) {
				if (tracing && entered[entered.length - 1] !== name) entered.push(name);
				return fn.apply(this, args);
			};
			wrapped++;
		}
	}
	return wrapped;
}

function futureDate(): string {
	return new Date(Date.now() + 3 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({ quiet: true, mediaProcessingMs: 0 });
	try {
		const parameters: INodeParameters = {
			resource: 'draft',
			operation: 'create',
			socialSetId: { __rl: true, mode: 'id', value: '101' } as unknown as INodeParameters[string],
			contentType: 'posts',
			platforms: ['x', 'bluesky'],
			contentMode: 'text',
			text: 'Launch day: what we built\n---\nAnd why it matters',
			binaryProperties: 'data',
			additionalFields: { publishAt: futureDate(), draftTitle: 'Launch' },
		};
		const input: INodeExecutionData[] = [
			{
				json: {},
				binary: {
					data: { data: PNG.toString('base64'), mimeType: 'image/png', fileName: 'launch.png' },
				},
			},
		];
		const run = () =>
			runWorkflow(singleNodeWorkflow(parameters), {
				credentials: {
					socialPublishingApi: { apiKey: sandbox.keys.admin, baseUrl: sandbox.baseUrl },
				},
				input,
			});
		// a first run loads every module; then the exports are wrapped and the second run is traced
		const warm = await run();
		if (warm.error) throw new Error(`the item failed: ${warm.error.message}`);
		const wrapped = instrument();
		tracing = true;
		const traced = await run();
		tracing = false;
		if (traced.error) throw new Error(`the item failed: ${traced.error.message}`);

		const files = [...new Set(entered)];
		const returns = entered.filter((file, index) => entered.indexOf(file) < index);
		if (process.argv.includes('--json')) {
			console.log(
				JSON.stringify(
					{
						route: entered,
						files: files.length,
						returns: returns.length,
						actionsReturns: returns.filter((file) => file.includes(`${sep}actions${sep}`)).length,
					},
					null,
					1,
				),
			);
			return;
		}
		console.log(
			`One Draft > Create item (thread for X and Bluesky, one binary image, Publish At a date), ${wrapped} exported functions of nodes/ watched:\n`,
		);
		entered.forEach((file, index) =>
			console.log(
				`${String(index + 1).padStart(3)}. ${file}${entered.indexOf(file) < index ? '   (return)' : ''}`,
			),
		);
		const own = returns.filter((file) => file.includes(`${sep}actions${sep}`));
		console.log(
			`\n${files.length} files, ${entered.length} entries, ${returns.length} returns to a file left before: ${own.length} to the operation's own files (actions/), ${returns.length - own.length} to helpers and the transport`,
		);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exitCode = 1;
});
