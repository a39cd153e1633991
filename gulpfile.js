const { src, dest } = require('gulp');

/** Copies the node and credential icons next to the compiled files, where n8n looks for them. */
function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
