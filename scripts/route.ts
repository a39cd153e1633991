/**
 * The route of one item through the node's code, at run time: `npm run route`.
 *
 * Runs one Draft > Create item (a two-post thread for X and Bluesky, one image from a binary property,
 * Publish At a date) through n8n-core's engine against the sandbox, and records which files of nodes/ it
 * enters, in order: every function a module exports is wrapped, so a call from one file into another is
 * seen. It prints the files, how many there are, and each return to a file the item had left.
 *
 * The text's route is the part of it where the post text itself is handed on: a call counts when one of its
 * arguments is a string holding a piece of the text, or a plain object or array holding one within four levels
 * (class instances such as n8n's context are not searched, though they also reach the parameters).
 * `npm run route -- --json` prints both as JSON.
 */
import './lib/tsResolve';
import { relative, sep } from 'path';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { startSandbox } from '../sandbox';
import { runWorkflow } from '../test/harness/runWorkflow';
import { singleNodeWorkflow } from '../test/harness/workflows';

const NODES = `${sep}nodes${sep}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const TEXT = 'Launch day: what we built\n---\nAnd why it matters';
const TEXT_PIECES = ['Launch day', 'why it matters'];

const entered: string[] = [];
const textEntered: string[] = [];
let tracing = false;

/** Whether a value holds a piece of the post text: a string, or a plain object or array within `depth` levels. */
function carriesText(value: unknown, depth = 4): boolean {
	if (typeof value === 'string') return TEXT_PIECES.some((piece) => value.includes(piece));
	if (depth === 0 || value === null || typeof value !== 'object') return false;
	if (Array.isArray(value))
		return value.slice(0, 50).some((entry) => carriesText(entry, depth - 1));
	if (Object.getPrototypeOf(value) !== Object.prototype) return false;
	return Object.values(value)
		.slice(0, 50)
		.some((entry) => carriesText(entry, depth - 1));
}

function record(route: string[], name: string): void {
	if (route[route.length - 1] !== name) route.push(name);
}

/** The files of a route, and its returns: each entry into a file the route had left before. */
function summary(route: string[]): { files: number; returns: number; actionsReturns: number } {
	const returns = route.filter((file, index) => route.indexOf(file) < index);
	return {
		files: new Set(route).size,
		returns: returns.length,
		actionsReturns: returns.filter((file) => file.includes(`${sep}actions${sep}`)).length,
	};
}

function print(title: string, route: string[]): void {
	console.log(`${title}\n`);
	route.forEach((file, index) =>
		console.log(
			`${String(index + 1).padStart(3)}. ${file}${route.indexOf(file) < index ? '   (return)' : ''}`,
		),
	);
	const { files, returns, actionsReturns } = summary(route);
	console.log(
		`\n${files} files, ${route.length} entries, ${returns} returns to a file left before: ${actionsReturns} to the operation's own files (actions/), ${returns - actionsReturns} to helpers, media upload and the transport\n`,
	);
}

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
				if (tracing) {
					record(entered, name);
					if (args.some((arg) => carriesText(arg))) record(textEntered, name);
				}
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
			text: TEXT,
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

		if (process.argv.includes('--json')) {
			const item = { route: entered, ...summary(entered) };
			const text = { route: textEntered, ...summary(textEntered) };
			console.log(JSON.stringify({ item, text }, null, 1));
			return;
		}
		print(
			`One Draft > Create item (thread for X and Bluesky, one binary image, Publish At a date), ${wrapped} exported functions of nodes/ watched:`,
			entered,
		);
		print('The route of its text (calls given the post text or a piece of it):', textEntered);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: Error) => {
	console.error(error.message);
	process.exitCode = 1;
});
