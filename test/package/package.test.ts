import { execFileSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('package.json of a community node package', () => {
	test('is found by n8n: keyword, n8n section in strict mode, API version 1', () => {
		expect(pkg.name).toBe('n8n-nodes-social-publishing');
		expect(pkg.keywords).toContain('n8n-community-node-package');
		expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
	});

	test('carries what a verification review reads: repository, homepage, bugs, author, MIT licence, description, keywords', () => {
		const repo = 'github.com/n8n-nodes-social-publishing/n8n-nodes-social-publishing';
		expect(pkg.repository).toEqual({ type: 'git', url: `git+https://${repo}.git` });
		expect(pkg.homepage).toBe(`https://${repo}#readme`);
		expect(pkg.bugs).toEqual({ url: `https://${repo}/issues` });
		expect(pkg.author.name).toEqual(expect.any(String));
		expect(pkg.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
		expect(pkg.license).toBe('MIT');
		expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
		expect(pkg.description.length).toBeGreaterThan(20);
		expect(pkg.keywords).toEqual(expect.arrayContaining(['n8n-community-node-package', 'n8n']));
	});

	test('ships no runtime dependencies and only n8n-workflow as peer', () => {
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(Object.keys(pkg.peerDependencies)).toEqual(['n8n-workflow']);
	});

	test('pins every dev dependency to an exact version', () => {
		for (const [name, version] of Object.entries<string>(pkg.devDependencies)) {
			expect(`${name}@${version}`).toMatch(/@\d+\.\d+\.\d+$/);
		}
	});

	test('every node and credential listed in the n8n section is built', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			expect(existsSync(join(root, file))).toBe(true);
		}
	});

	test('npm pack holds only dist/, package.json, README.md and LICENSE', () => {
		const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
			cwd: root,
			encoding: 'utf8',
		});
		const files: string[] = JSON.parse(output)[0].files.map((f: { path: string }) => f.path);
		const outside = files.filter(
			(file) =>
				!file.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(file),
		);
		expect(outside).toEqual([]);
		expect(files).toEqual(
			expect.arrayContaining([
				'dist/nodes/SocialPublishing/SocialPublishing.node.js',
				'dist/nodes/SocialPublishing/socialPublishing.svg',
				'dist/nodes/SocialPublishing/socialPublishing.dark.svg',
				'dist/nodes/SocialPublishing/SocialPublishing.node.json',
			]),
		);
		expect(files.some((file) => /sandbox|test\//.test(file))).toBe(false);
	});
});
