/**
 * A throwaway n8n user folder for a script that runs n8n-core in its own process (npm start, the bench).
 * n8n-core's InstanceSettings writes `.n8n/config`, with a new encryption key, into N8N_USER_FOLDER, or into
 * the user's own ~/.n8n when that is not set. Imported before anything loads n8n-core, this module points
 * N8N_USER_FOLDER at a new folder under the system's temporary folder and removes it when the process exits,
 * also after a failure or on Ctrl-C.
 */
import { mkdtempSync, rmSync } from 'fs';
import { constants, tmpdir } from 'os';
import { join } from 'path';

export const N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'sp-n8n-user-'));
process.env.N8N_USER_FOLDER = N8N_USER_FOLDER;

process.once('exit', () => rmSync(N8N_USER_FOLDER, { recursive: true, force: true }));
// A signal would end the process without the exit event: exit as the signal would, so the folder goes too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
	process.once(signal, () => process.exit(128 + constants.signals[signal]));
