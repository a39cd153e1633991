import { inspect } from 'node:util';
import type { INodeParameters } from 'n8n-workflow';
import type { RunResult } from '../../harness/runWorkflow';
import { useSandbox } from '../../harness/sandbox';
import { byId } from '../../harness/workflows';
import { runFresh } from './helpers/nodeRun';

const fx = useSandbox();

/** Everything a run leaves behind: the whole run data as JSON, and the error with its hidden fields (cause, stack, context). */
function everything(result: RunResult): string {
	return [
		JSON.stringify(result.run),
		inspect(result.error, {
			depth: 12,
			showHidden: true,
			maxArrayLength: null,
			maxStringLength: null,
		}),
	].join('\n');
}

const socialSetGet = {
	resource: 'socialSet',
	operation: 'get',
	socialSetId: byId('={{ $json.set }}'),
} as INodeParameters;

describe('The API key never appears in any output or error (project rule; Authentication 1)', () => {
	test('Continue On Fail: a succeeding item, a service error (403) and a refused item; the key is in no part of the run', async () => {
		const input = [
			{ json: { set: 101 } },
			{ json: { set: 103 } },
			{ json: { set: 'not-a-number' } },
		];
		const { result, requests, items } = await runFresh(fx, socialSetGet, {
			key: 'admin',
			input,
			settings: { continueOnFail: true },
		});
		expect(result.error).toBeUndefined();
		expect(requests.map((r) => [r.path, r.status, r.headers.authorization])).toEqual([
			['/v2/social-sets/101/', 200, `Bearer ${fx.sandbox.keys.admin}`],
			['/v2/social-sets/103/', 403, `Bearer ${fx.sandbox.keys.admin}`],
		]);
		expect(items[0]).toMatchObject({ id: 101 });
		expect(items[1]).toMatchObject({ error: { code: 'FORBIDDEN', httpCode: '403' } });
		expect(items[2]).toMatchObject({
			error: { message: expect.stringContaining('Parameter "Social Set"') },
		});
		expect(everything(result)).not.toContain(fx.sandbox.keys.admin);
	});

	test('a run that stops at a service error after a succeeding item: neither run data nor error holds the key', async () => {
		const input = [{ json: { set: 101 } }, { json: { set: 103 } }];
		const { result, requests } = await runFresh(fx, socialSetGet, { key: 'publish', input });
		expect(requests.map((r) => r.status)).toEqual([200, 403]);
		expect(result.error?.message).toMatch(/^FORBIDDEN: /);
		expect(result.run.data.resultData.runData['Social Publishing']).toHaveLength(1);
		expect(everything(result)).not.toContain(fx.sandbox.keys.publish);
	});

	test('a failing write (403 INSUFFICIENT_ACCESS_LEVEL on Draft > Create) does not echo the key either', async () => {
		const create = {
			resource: 'draft',
			operation: 'create',
			socialSetId: byId(101),
			contentType: 'posts',
			platforms: ['x'],
			contentMode: 'text',
			text: 'Hi',
		} as INodeParameters;
		const { result, requests } = await runFresh(fx, create, { key: 'read' });
		expect(requests).toHaveLength(1);
		expect(result.error?.message).toMatch(/^INSUFFICIENT_ACCESS_LEVEL: /);
		expect(everything(result)).not.toContain(fx.sandbox.keys.read);
	});
});
