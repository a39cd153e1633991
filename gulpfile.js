const { src, dest, parallel } = require('gulp');

/** Copies the icons and codex files next to the compiled files, where n8n looks for them. */
function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

/** The package entry point: n8n reads the "n8n" section of package.json, so it exports nothing. */
function buildEntry() {
	return src('index.js').pipe(dest('dist'));
}

exports['build:icons'] = parallel(buildIcons, buildEntry);
