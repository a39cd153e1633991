/** Removes the jest run's throwaway n8n user folder (globalSetup.ts), also after failed tests. */
import { rmSync } from 'fs';

export default function globalTeardown(): void {
	const folder = process.env.N8N_USER_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
}
