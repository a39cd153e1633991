/**
 * n8n's community package scanner, run offline the way n8n runs it before verifying a package:
 * `analyzePackage` on the packed tarball (compiled code and JSON) and on the sources
 * (`SOURCE_FILE_PATTERNS`: package.json, nodes/ and credentials/).
 */
import { execFile } from 'child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { packPackage, REPO_ROOT } from './pack';
import { runProcess } from './processes';

export interface ScanResult {
	/** What was scanned, for the report. */
	label: string;
	passed: boolean;
	message?: string;
	/** The scanner's ESLint report (stylish format) when it found something. */
	details?: string;
	patterns: string[];
}

/** The patterns the tarball is scanned with: all compiled code and every JSON file that ships. */
export const TARBALL_PATTERNS = ['**/*.js', '**/*.json'];

/** Runs the scanner's `analyzePackage` on a folder; `patterns` 'sources' means the scanner's SOURCE_FILE_PATTERNS. */
export async function analyzeFolder(
	folder: string,
	patterns: string[] | 'sources',
	label = folder,
): Promise<ScanResult> {
	// The scanner makes a temporary folder when it is loaded: give it one that is removed afterwards.
	const scratch = mkdtempSync(join(tmpdir(), 'sp-scan-'));
	const args = [
		join(__dirname, 'analyze.mjs'),
		folder,
		...(patterns === 'sources' ? ['sources'] : patterns),
	];
	// NODE_ENV=test (set by jest) switches eslint-plugin-n8n-nodes-base's file-name rules to its own test mode.
	const { NODE_ENV: _testMode, ...env } = process.env;
	try {
		const stdout = await new Promise<string>((resolve, reject) => {
			execFile(
				'node',
				args,
				{
					cwd: REPO_ROOT,
					env: { ...env, TMPDIR: scratch },
					maxBuffer: 20 * 1024 * 1024,
					timeout: 5 * 60_000,
				},
				(error, out, err) => {
					// Exit code 1 means "violations found" and still prints the JSON result.
					if (error && error.code !== 1)
						reject(new Error(`The scanner failed on ${folder}: ${error.message}\n${err}`));
					else resolve(out);
				},
			);
		});
		const line = stdout.trim().split('\n').pop() ?? '';
		const result = JSON.parse(line) as Omit<ScanResult, 'label'>;
		return { label, ...result };
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** Packs the package as it is published (dist/ must be built) and unpacks the tarball into a temporary folder. */
export async function packAndUnpack(): Promise<{ folder: string; cleanUp(): void }> {
	const tarball = await packPackage();
	const folder = join(dirname(tarball), 'package');
	mkdirSync(folder);
	const res = await runProcess('tar', ['-xzf', tarball, '-C', folder, '--strip-components=1']);
	if (res.code !== 0) throw new Error(`Unpacking ${tarball} failed: ${res.output}`);
	return { folder, cleanUp: () => rmSync(dirname(tarball), { recursive: true, force: true }) };
}

/** Both legs of the scan: the unpacked tarball and the sources of this clone. */
export async function scanPackage(): Promise<ScanResult[]> {
	const unpacked = await packAndUnpack();
	try {
		return [
			await analyzeFolder(unpacked.folder, TARBALL_PATTERNS, 'the packed tarball'),
			await analyzeFolder(REPO_ROOT, 'sources', 'the sources'),
		];
	} finally {
		unpacked.cleanUp();
	}
}

/** One line per leg, and the scanner's report under a leg that failed. */
export function formatScan(results: ScanResult[]): string {
	return results
		.map(
			(r) =>
				`${r.passed ? 'passed' : 'FAILED'}: n8n's scanner on ${r.label} (${r.patterns.join(', ')})${r.passed ? '' : `\n${r.message ?? ''}\n${r.details ?? ''}`}`,
		)
		.join('\n');
}
