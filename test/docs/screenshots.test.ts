/**
 * The pictures of docs/screenshots/ are made by the editor test (scripts/editor/screenshots.ts lists each
 * one it takes): a picture the docs show that the editor test does not take could go stale unnoticed, and
 * one it takes that no page shows is dead weight.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { SCREENSHOTS } from '../../scripts/editor/screenshots';

const root = join(__dirname, '..', '..');
const markdown = (folder: string) =>
	readdirSync(join(root, folder))
		.filter((name) => name.endsWith('.md'))
		.map((name) => join(folder, name));
const pages = ['README.md', ...markdown('docs'), ...markdown('docs/developers')];

/** The docs/screenshots/ pictures a page shows, as file names. */
export function picturesShown(text: string): string[] {
	return [...text.matchAll(/\]\(([^)\s]*screenshots\/([^)\s/]+\.png))\)/g)].map((m) => m[2]);
}

const shown = new Map<string, string[]>();
for (const page of pages)
	for (const file of picturesShown(readFileSync(join(root, page), 'utf8')))
		shown.set(file, [...(shown.get(file) ?? []), page]);

const taken = Object.keys(SCREENSHOTS);

test('picturesShown reads the image links of a page', () => {
	expect(
		picturesShown('![A](screenshots/a.png) [b](docs/screenshots/b.png) ![c](other/c.png)'),
	).toEqual(['a.png', 'b.png']);
});

test('the docs show pictures, and the README opens with one', () => {
	expect(shown.size).toBeGreaterThan(0);
	const firstLines = readFileSync(join(root, 'README.md'), 'utf8')
		.split('\n')
		.slice(0, 5)
		.join('\n');
	expect(picturesShown(firstLines)).toHaveLength(1);
});

test.each([...shown.keys()])('%s, shown in the docs, is taken by the editor test', (file) => {
	expect(taken).toContain(file);
});

test.each(taken)(
	'%s, taken by the editor test, is in docs/screenshots/ and shown in the docs',
	(file) => {
		expect(existsSync(join(root, 'docs', 'screenshots', file))).toBe(true);
		expect(shown.get(file)).toBeDefined();
	},
);

test('docs/screenshots/ holds only the pictures the editor test takes', () => {
	const onDisk = readdirSync(join(root, 'docs', 'screenshots')).filter((f) => f.endsWith('.png'));
	expect(onDisk.filter((f) => !taken.includes(f))).toEqual([]);
});
