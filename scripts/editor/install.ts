/**
 * npm run editor:browser: installs Debian's Chromium for the editor test when it is missing (root or
 * password-less sudo), so CI can do it in the background with the n8n installs, before the test needs it.
 */
import { ensureChromium } from './browser';

ensureChromium().then(
	(done) => console.log(`[browser] ${done}`),
	(error: Error) => {
		console.error(error.message);
		process.exit(1);
	},
);
