/**
 * n8n's community package scanner (@n8n/scan-community-package, pinned), the check n8n runs before it
 * verifies a package: its `analyzePackage` on the packed tarball and on the sources must find nothing.
 * The tarball is packed from dist/ as built by `npm run build` (npm test builds first).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { REPO_ROOT } from '../../scripts/lib/pack';
import { analyzeFolder, formatScan, scanPackage } from '../../scripts/lib/scan';

jest.setTimeout(5 * 60_000);

describe("n8n's community package scanner", () => {
	test('finds nothing on the packed tarball nor on the sources', async () => {
		expect(
			existsSync(join(REPO_ROOT, 'dist', 'nodes', 'SocialPublishing', 'SocialPublishing.node.js')),
		).toBe(true);
		const results = await scanPackage();
		expect(results.map((r) => r.label)).toEqual(['the packed tarball', 'the sources']);
		const failed = results.filter((r) => !r.passed);
		// The report names every violation with its file, line and rule.
		if (failed.length) console.log(formatScan(results));
		expect(failed.map((r) => `${r.label}: ${r.message}\n${r.details}`)).toEqual([]);
	});

	test('fails on compiled code calling the deprecated this.helpers.request, inline eslint-disable or not', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'sp-scan-fixture-'));
		try {
			const nodes = join(folder, 'dist', 'nodes');
			mkdirSync(nodes, { recursive: true });
			const nodeFile = (call: string, comment = '') =>
				`async function check() {\n${comment}\treturn await this.helpers.${call}({ method: 'GET', url: 'https://example.com' });\n}\nmodule.exports = { check };\n`;
			writeFileSync(join(nodes, 'Deprecated.node.js'), nodeFile('request'));
			writeFileSync(
				join(nodes, 'Disabled.node.js'),
				nodeFile(
					'request',
					'\t// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions\n',
				),
			);
			writeFileSync(join(nodes, 'Current.node.js'), nodeFile('httpRequest'));
			const result = await analyzeFolder(folder, ['**/*.js']);
			expect(result.passed).toBe(false);
			const reported = (result.details ?? '')
				.split('\n')
				.filter((line) => line.includes('.node.js'))
				.map((line) => line.trim().split('/').pop());
			expect(reported.sort()).toEqual(['Deprecated.node.js', 'Disabled.node.js']);
			expect(
				result.details?.match(/@n8n\/community-nodes\/no-deprecated-workflow-functions/g),
			).toHaveLength(2);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});
