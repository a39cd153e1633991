/**
 * The property suites' self-test (issue 38): plants each known defect of scripts/lib/mutants.ts on a copy of the
 * code, runs the property test files named for it (jest, one worker, the defect's seed, test name pattern and run
 * counts) and expects each file to fail on a test, not on a file that cannot run. Prints a table; exits 1 when a
 * property passed a planted defect, a defect no longer applies, or a file did not run.
 *
 * Usage: npm run test:mutants [-- <defect name> ...]   (all of them by default; --list names them)
 * The copy is made once in the system's temporary folder (nodes/, credentials/, sandbox/, test/, scripts/ and the
 * configuration; node_modules linked) and removed at the end; each defect is planted, run and taken out again,
 * so jest's transform cache serves every file but the planted one.
 */
import { spawnSync } from 'child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { PlantedDefect, Verdict } from './lib/mutants';
import { defectCaught, DEFECTS, DEFECT_KINDS, defectProblems, plantDefect } from './lib/mutants';
import { REPO_ROOT } from './lib/pack';

const COPIED = [
	'nodes',
	'credentials',
	'sandbox',
	'test',
	'scripts',
	'package.json',
	'tsconfig.json',
	'jest.config.js',
];

/** What jest's --json report says of one test file. */
interface FileResult {
	name: string;
	status: string;
	message: string;
	assertionResults: Array<{ status: string; fullName: string }>;
}

/** One defect's outcome for one of its test files. */
interface Outcome {
	test: string;
	verdict: Verdict;
	detail: string;
}

function copyRepo(): string {
	const root = mkdtempSync(join(tmpdir(), 'sp-mutants-'));
	for (const entry of COPIED)
		cpSync(join(REPO_ROOT, entry), join(root, entry), { recursive: true });
	symlinkSync(realpathSync(join(REPO_ROOT, 'node_modules')), join(root, 'node_modules'), 'dir');
	return root;
}

function runJest(root: string, defect: PlantedDefect): Outcome[] {
	const report = join(root, 'mutant-report.json');
	rmSync(report, { force: true });
	const args = [
		join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
		'--runInBand',
		'--ci',
		'--json',
		`--outputFile=${report}`,
		...(defect.testNamePattern ? ['--testNamePattern', defect.testNamePattern] : []),
		...defect.tests,
	];
	const run = spawnSync(process.execPath, args, {
		cwd: root,
		env: { ...process.env, ...defect.env },
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	let files: FileResult[] = [];
	try {
		files = (JSON.parse(readFileSync(report, 'utf8')) as { testResults: FileResult[] }).testResults;
	} catch {
		const tail = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-5).join(' | ');
		return defect.tests.map((test) => ({
			test,
			verdict: 'DID NOT RUN',
			detail: `no jest report: ${tail}`,
		}));
	}
	return defect.tests.map((test): Outcome => {
		const file = files.find((f) => f.name === join(root, test));
		const ran =
			file?.assertionResults.filter((a) => a.status === 'passed' || a.status === 'failed') ?? [];
		// a file none of whose cases the pattern names (see defectCaught)
		if (file && ran.length === 0 && defect.testNamePattern && file.assertionResults.length > 0)
			return {
				test,
				verdict: 'no case of this file matches the pattern',
				detail: `${file.assertionResults.length} case(s) skipped`,
			};
		if (!file || ran.length === 0)
			return {
				test,
				verdict: 'DID NOT RUN',
				detail: file?.message.split('\n')[0] ?? 'not in the report',
			};
		const failed = ran.filter((a) => a.status === 'failed');
		if (failed.length === 0)
			return {
				test,
				verdict: 'PASSED (the property missed the defect)',
				detail: `${ran.length} test(s) passed`,
			};
		const first = file.message
			.split('\n')
			.map((line) => line.trim())
			.find((line) => line.length > 0 && !line.startsWith('●'));
		return {
			test,
			verdict: 'failed, as it must',
			detail: `${failed.length} of ${ran.length} test(s) failed: ${(first ?? '').slice(0, 600)}`,
		};
	});
}

function main(): number {
	const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	if (process.argv.includes('--list')) {
		for (const d of DEFECTS) console.log(`${d.name.padEnd(22)} ${d.kind}: ${d.what}`);
		return 0;
	}
	const unknown = names.filter((n) => !DEFECTS.some((d) => d.name === n));
	if (unknown.length) {
		console.error(`No planted defect named ${unknown.join(', ')} (npm run test:mutants -- --list)`);
		return 2;
	}
	const chosen = names.length ? DEFECTS.filter((d) => names.includes(d.name)) : DEFECTS;
	const stale = chosen.flatMap((d) => defectProblems(REPO_ROOT, d));
	if (stale.length) {
		console.error(`Planted defects that no longer apply:\n${stale.join('\n')}`);
		return 1;
	}
	const started = Date.now();
	const root = copyRepo();
	const rows: string[] = [];
	let missed = 0;
	try {
		for (const defect of chosen) {
			const t = Date.now();
			console.log(`\n== ${defect.name} (${defect.kind}): ${defect.what}`);
			const restore = plantDefect(root, defect);
			let outcomes: Outcome[];
			try {
				outcomes = runJest(root, defect);
			} finally {
				restore();
			}
			const seconds = Math.round((Date.now() - t) / 1000);
			if (!defectCaught(outcomes.map((o) => o.verdict))) missed++;
			for (const o of outcomes) {
				console.log(`   ${o.test}: ${o.verdict}; ${o.detail}`);
				rows.push(`| ${defect.name} | ${defect.kind} | ${o.test} | ${o.verdict} | ${seconds} s |`);
			}
		}
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
	const planted = new Set(DEFECTS.map((d) => d.kind));
	console.log('\n| planted defect | kind | property test file | result | time |');
	console.log('| --- | --- | --- | --- | --- |');
	console.log(rows.join('\n'));
	const without = DEFECT_KINDS.filter((k) => !planted.has(k));
	if (without.length) console.log(`\nKinds with no planted defect yet: ${without.join('; ')}.`);
	console.log(
		`\n${chosen.length} planted defect(s), ${missed} missed or not run, ${Math.round((Date.now() - started) / 1000)} s`,
	);
	return missed === 0 ? 0 : 1;
}

process.exit(main());
