/**
 * One throwaway n8n user folder for the jest run. n8n-core's InstanceSettings writes `.n8n/config`, with a new
 * encryption key, into N8N_USER_FOLDER, or into the user's own ~/.n8n when that is not set. The workers start
 * after this and inherit the variable, so no test touches ~/.n8n; globalTeardown.ts removes the folder.
 */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export default function globalSetup(): void {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'sp-jest-n8n-'));
}
