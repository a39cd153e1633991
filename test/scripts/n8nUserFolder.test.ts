/**
 * n8n's user folder: n8n-core's InstanceSettings writes `.n8n/config`, with a new encryption key, into
 * N8N_USER_FOLDER, or into the user's own ~/.n8n when that is not set. The tests use a throwaway folder
 * instead (test/setup/globalSetup.ts).
 */
import { existsSync } from 'fs';
import { tmpdir } from 'os';
import { isAbsolute, join, relative } from 'path';
import { Container } from '@n8n/di';
import { InstanceSettings } from 'n8n-core';
import { useSandbox } from '../harness/sandbox';

const isInside = (folder: string, parent: string) => {
	const rel = relative(parent, folder);
	return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

describe('n8n user folder', () => {
	const fx = useSandbox();

	test('the tests run with a throwaway N8N_USER_FOLDER under the temp folder, where n8n-core keeps its settings', async () => {
		const folder = process.env.N8N_USER_FOLDER ?? '';
		expect(isInside(folder, tmpdir())).toBe(true);
		// A node run makes n8n-core load its settings (and write them, the first time in this run).
		const result = await fx.runNode({ resource: 'user', operation: 'getCurrent' });
		expect(result.error).toBeUndefined();
		const { n8nFolder } = Container.get(InstanceSettings);
		expect(n8nFolder).toBe(join(folder, '.n8n'));
		expect(existsSync(join(n8nFolder, 'config'))).toBe(true);
	});
});
