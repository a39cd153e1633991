/**
 * Runs n8n's community package scanner on one folder, offline: `analyzePackage` from
 * @n8n/scan-community-package, the check n8n runs before it verifies a package.
 *
 *   node scripts/lib/analyze.mjs <folder> sources          the scanner's SOURCE_FILE_PATTERNS
 *   node scripts/lib/analyze.mjs <folder> <pattern> ...    the given file patterns
 *
 * Prints one JSON line { passed, message, details, patterns }; exit code 0 when it passed, 1 when not.
 * An ES module because the scanner is one (scripts/lib/scan.ts runs it in its own process).
 */
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const [folder, ...rest] = process.argv.slice(2);
if (!folder || rest.length === 0) {
	process.stderr.write('usage: node scripts/lib/analyze.mjs <folder> sources | <pattern> ...\n');
	process.exit(2);
}
const patterns = rest.length === 1 && rest[0] === 'sources' ? SOURCE_FILE_PATTERNS : rest;
const result = await analyzePackage(folder, patterns);
process.stdout.write(
	`${JSON.stringify({ passed: result.passed, message: result.message, details: result.details, patterns })}\n`,
);
process.exit(result.passed ? 0 : 1);
