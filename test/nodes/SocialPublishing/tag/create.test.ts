import { useSandbox } from '../../../harness/sandbox';
import { create } from './fixtures';
import {
	expectRejectedBeforeSending,
	expectServiceError,
	runFresh,
} from '../../../harness/nodeRun';

const fx = useSandbox();

describe('Tag > Create (Tags: POST /v2/social-sets/{id}/tags)', () => {
	test('creates the tag with a WRITE key and returns slug, name and created_at', async () => {
		const { result, requests, items } = await runFresh(fx, create('  Product News '), {
			key: 'write',
		});
		expect(result.error).toBeUndefined();
		expect(requests).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: '/v2/social-sets/101/tags',
				query: {},
				body: { name: 'Product News' },
				status: 201,
			}),
		]);
		expect(items).toEqual([
			{
				slug: 'product-news',
				name: 'Product News',
				created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			},
		]);
	});

	test('32 characters is the most (Limits: Tag name 1 to 32), counted as characters, not UTF-16 units', async () => {
		const { result, requests } = await runFresh(fx, create('🎉'.repeat(32)));
		expect(result.error).toBeUndefined();
		expect(requests[0].body).toEqual({ name: '🎉'.repeat(32) });
	});

	test('33 characters are refused before sending', async () => {
		await expectRejectedBeforeSending(fx, create('x'.repeat(33)), {
			parameter: 'Name',
			problem: /1 to 32 characters long, got 33/,
		});
	});

	test('a blank name is refused before sending', async () => {
		await expectRejectedBeforeSending(fx, create('={{ "   " }}'), {
			parameter: 'Name',
			problem: /got 0/,
		});
	});

	test('the refused item is named: the third of three', async () => {
		await expectRejectedBeforeSending(
			fx,
			create('={{ $json.name }}'),
			{ parameter: 'Name', itemIndex: 2, sentBefore: 2 },
			{
				input: [
					{ json: { name: 'Item Zero' } },
					{ json: { name: 'Item One' } },
					{ json: { name: 'y'.repeat(40) } },
				],
			},
		);
	});

	test('a duplicate name surfaces 400 VALIDATION_ERROR with its detail (Errors)', async () => {
		const { result } = await runFresh(fx, create('Launch'));
		expectServiceError(result, {
			httpCode: 400,
			code: 'VALIDATION_ERROR',
			message: /already exists/,
		});
		expect(result.error?.description).toContain('name: duplicate tag name');
	});

	test('a READ key gets 403 INSUFFICIENT_ACCESS_LEVEL', async () => {
		const { result } = await runFresh(fx, create('Read Only'), { key: 'read' });
		expectServiceError(result, {
			httpCode: 403,
			code: 'INSUFFICIENT_ACCESS_LEVEL',
			message: /WRITE/,
		});
	});
});
