/**
 * The build reuse of scripts/lib/pack.ts: the end-to-end, human-review, editor and queue-mode tests use dist/ as
 * it is only when it is the build of the sources as they are. Each change that could make dist/ stale (a source
 * edited, added, removed or renamed; dist/ changed or removed; the stamp missing or unreadable) makes them build.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { builtFromSources, stampBuild, treeDigest } from '../../scripts/lib/pack';

let root: string;
let stamp: string;

function write(path: string, text: string) {
	mkdirSync(join(root, path, '..'), { recursive: true });
	writeFileSync(join(root, path), text);
}

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'sp-pack-test-'));
	stamp = join(root, 'node_modules', '.cache', 'stamp.json');
	write('nodes/A/A.node.ts', 'export const a = 1;');
	write('credentials/Key.credentials.ts', 'export const key = 1;');
	write('package.json', '{"name":"x"}');
	write('dist/nodes/A/A.node.js', 'exports.a = 1;');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const fresh = () => builtFromSources(root, stamp);

describe('dist/ is reused only when it is the build of the sources as they are', () => {
	test('no stamp: build; after the build is stamped: reuse', () => {
		expect(fresh()).toBe(false);
		stampBuild(root, stamp);
		expect(fresh()).toBe(true);
	});

	test.each([
		['a source edited', () => write('nodes/A/A.node.ts', 'export const a = 2;')],
		['a source added', () => write('nodes/B/B.node.ts', 'export const b = 1;')],
		['a source removed', () => rmSync(join(root, 'credentials/Key.credentials.ts'))],
		[
			'a source renamed, its bytes the same',
			() => renameSync(join(root, 'nodes/A/A.node.ts'), join(root, 'nodes/A/Z.node.ts')),
		],
		['package.json changed', () => write('package.json', '{"name":"y"}')],
		['dist/ changed', () => write('dist/nodes/A/A.node.js', 'exports.a = 2;')],
		['dist/ removed', () => rmSync(join(root, 'dist'), { recursive: true })],
		['the stamp unreadable', () => writeFileSync(stamp, '{not json')],
		['the stamp removed', () => rmSync(stamp)],
	])('%s: build again', (_what, change) => {
		stampBuild(root, stamp);
		change();
		expect(fresh()).toBe(false);
	});

	test('the digest reads bytes and paths, not times: the same files written again keep it', () => {
		const before = treeDigest(root, ['nodes', 'dist']);
		write('nodes/A/A.node.ts', 'export const a = 1;');
		expect(treeDigest(root, ['nodes', 'dist'])).toBe(before);
		write('nodes/A/A.node.ts', 'export const a = 1; ');
		expect(treeDigest(root, ['nodes', 'dist'])).not.toBe(before);
	});
});
