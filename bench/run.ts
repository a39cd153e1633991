import '../scripts/lib/tsResolve';
import '../scripts/lib/n8nUserFolder'; // n8n-core's settings go to a throwaway user folder, not ~/.n8n
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { loadavg } from 'os';
import { createDraft } from './cases/createDraft';
import { getManyLimit, returnAll } from './cases/draftLists';
import { mediaUpload } from './cases/mediaUpload';
import { pollTrigger } from './cases/pollTrigger';
import { mediaFromUrl } from './cases/mediaFromUrl';
import { verification } from './cases/verify';
import { coldLoad } from './cases/coldLoad';
import { rateLimit } from './cases/rateLimit';
import { parallelCreate, parallelGet } from './cases/parallelItems';
import { parallelRate } from './cases/parallelRate';
import { parallelMedia } from './cases/parallelMedia';
import { textLength } from './cases/textLength';
import { hostileText } from './cases/hostileText';
import { lists } from './cases/lists';
import { tagNames } from './cases/tagNames';
import { readConfig, usage } from './lib/config';
import { keptSections } from '../scripts/lib/resultsSections';
import { machine, machineLines, markdownTable, resultsMarkdown } from './lib/report';
import { BUSY_OTHERS_CORES, describeLoad, isBusy, startLoadReading } from './lib/load';
import type { LoadReading } from './lib/load';
import { SandboxProcess } from './lib/sandboxProcess';
import type { BenchCase, Row } from './lib/types';

const CASES: BenchCase[] = [
	createDraft,
	returnAll,
	getManyLimit,
	mediaUpload,
	mediaFromUrl,
	rateLimit,
	parallelCreate,
	parallelGet,
	parallelRate,
	parallelMedia,
	verification,
	pollTrigger,
	textLength,
	hostileText,
	lists,
	tagNames,
	coldLoad,
];

async function main(): Promise<void> {
	if (process.argv.includes('--help')) {
		console.log(usage());
		return;
	}
	const config = readConfig(process.argv.slice(2), process.env);
	const started = Date.now();
	const host = machine();
	const log = (message: string): void =>
		console.error(`[bench ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
	const chosen = CASES.filter(
		(c) => (config.only.length === 0 || config.only.includes(c.id)) && !config.skip.includes(c.id),
	);
	const sandbox = await SandboxProcess.start({ keepAliveMs: config.keepAliveMs });
	log(
		`sandbox child pid ${sandbox.pid} at ${sandbox.baseUrl}; ${config.quick ? 'quick' : 'full'} mode, ${config.runs} runs per variant (lists ${config.listRuns}, media ${config.mediaRuns}, rate limit ${config.rateRuns}, in flight ${config.parallelRuns} and ${config.serialRuns} at 1)`,
	);
	const rows: Row[] = [];
	const notes: string[] = [];
	const busy: string[] = [];
	/** Runs a case once, with the machine's load read around it. */
	const measure = async (benchCase: BenchCase): Promise<{ rows: Row[]; load: LoadReading }> => {
		const end = startLoadReading(() => [sandbox.pid]);
		let caseRows: Row[];
		try {
			caseRows = await benchCase.run({ config, sandbox, log });
		} catch (error) {
			const message = (error as Error).message;
			log(`case ${benchCase.id} failed: ${message}`);
			caseRows = [
				{
					case: benchCase.title,
					measure: 'could not run',
					result: message.slice(0, 300),
					target: 'runs',
					met: false,
				},
			];
		}
		const load = end();
		return { rows: caseRows.map((row) => ({ ...row, load: describeLoad(load) })), load };
	};
	try {
		for (const benchCase of chosen) {
			log(`case ${benchCase.id}: ${benchCase.title}`);
			const caseStart = Date.now();
			let outcome = await measure(benchCase);
			const missed = (r: Row[]): Row[] => r.filter((row) => row.met === false);
			if (missed(outcome.rows).length > 0) {
				// A miss is measured a second time before it is recorded as one.
				const first = outcome;
				log(`case ${benchCase.id}: ${missed(first.rows).length} target(s) missed; measuring again`);
				outcome = await measure(benchCase);
				const firstFigures = missed(first.rows)
					.map((row) => `${row.measure}: ${row.result}`)
					.join('; ');
				notes.push(
					missed(outcome.rows).length > 0
						? `${benchCase.title}: missed in two measurements; the table shows the second (the first: ${firstFigures}).`
						: `${benchCase.title}: missed at first (${firstFigures}), met when measured again; the table shows the second measurement.`,
				);
				if (isBusy(first.load))
					busy.push(`${benchCase.id} (first measurement: ${describeLoad(first.load)})`);
			}
			if (isBusy(outcome.load)) busy.push(`${benchCase.id} (${describeLoad(outcome.load)})`);
			rows.push(...outcome.rows);
			log(
				`case ${benchCase.id} took ${((Date.now() - caseStart) / 1000).toFixed(1)} s; ${describeLoad(outcome.load)}`,
			);
		}
	} finally {
		await sandbox.close();
	}
	host.loadAfter = loadavg();
	if (rows.some((row) => row.met === false))
		notes.push(
			'Targets not met, where the cost is and what would remove it: README.md in this folder, "Targets not met, and why".',
		);
	notes.push(
		'Ratios are medians over interleaved runs; "median of per-round ratios" pairs runs made back to back under the same load.',
	);
	const duration = Date.now() - started;
	const mode = config.quick ? 'quick (--quick)' : 'full';
	console.log(['', ...machineLines(host, duration, mode), '', markdownTable(rows), ''].join('\n'));
	if (config.resultsFile && busy.length > 0 && !config.forceResults) {
		console.error(
			[
				`Not writing ${config.resultsFile}: other processes kept the machine busy (over ${BUSY_OTHERS_CORES} cores on average) during: ${busy.join(', ')}.`,
				'Figures measured that way can hide a regression or show one that is not there.',
				'Run again on a quiet machine, or pass --force-results (BENCH_FORCE_RESULTS=1) to write them anyway (the file then says the machine was busy).',
			].join('\n'),
		);
		process.exitCode = 2;
		return;
	}
	if (busy.length > 0)
		notes.push(
			`Written with --force-results on a busy machine (other processes used over ${BUSY_OTHERS_CORES} cores during: ${busy.join(', ')}): the time ratios of those cases are not reliable.`,
		);
	if (config.resultsFile) {
		// Sections other scripts wrote (the queue-mode burst of npm run test:e2e:queue) stay.
		const kept = existsSync(config.resultsFile)
			? keptSections(readFileSync(config.resultsFile, 'utf8'))
			: [];
		writeFileSync(
			config.resultsFile,
			[resultsMarkdown(host, rows, duration, mode, notes).trimEnd(), ...kept].join('\n\n') + '\n',
		);
		log(`wrote ${config.resultsFile}`);
	}
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
