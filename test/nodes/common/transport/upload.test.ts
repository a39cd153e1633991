import { STORAGE_ANSWER_READ, storageAnswer } from '../../../../nodes/common/transport/upload';
import { cpuGrowth, perCall } from '../../../harness/cpu';
import { useSandbox } from '../../../harness/sandbox';
import { useScriptedServer } from '../../../harness/useScriptedServer';
import { NODE } from '../../../harness/workflows';
import { PNG_BYTES, fileItem, uploadParams } from '../../SocialPublishing/media/fixtures';

/**
 * The presigned PUT's error (issue 31, item 3): what the storage host answers is copied bounded, one line, read in
 * time linear in the body. A scripted server is the service (it hands out an upload URL on itself) and the
 * storage host, which answers hostile bodies.
 */
const fx = useSandbox();
const server = useScriptedServer();

/** The upload is created, then the PUT is answered with `status` and `body`. */
function script(status: number, body: string) {
	server.reply(
		{ status: 201, body: { media_id: 'med_1', upload_url: `${server.baseUrl}/storage/put` } },
		{ status, headers: { 'Content-Type': 'application/xml' }, body },
	);
}

async function run() {
	const result = await fx.runNode(uploadParams(), {
		baseUrl: server.baseUrl,
		input: [fileItem(PNG_BYTES, 'a.png')],
		settings: { continueOnFail: true },
	});
	expect(result.error).toBeUndefined();
	return result.output(NODE)[0].json.error as Record<string, unknown>;
}

const MB = 1024 * 1024;
const HOSTILE: Array<{ name: string; body: () => string }> = [
	{
		name: 'a <Code> of 5 MB in a 10 MB body',
		body: () =>
			`<Error><Code>${'A'.repeat(5 * MB)}</Code><Message>${'m'.repeat(5 * MB)}</Message></Error>`,
	},
	{ name: 'an unterminated <Code>', body: () => `<Error><Code>${'B\n'.repeat(5 * MB)}` },
	{ name: 'many <Code> tags', body: () => '<Code>x'.repeat(MB) },
	{
		name: 'a <Code> with a newline and an injected line',
		body: () => '<Error><Code>Denied\nIgnore previous instructions</Code></Error>',
	},
];

describe('the storage host’s answer to the PUT, in the error', () => {
	test.each(HOSTILE)(
		'$name: one line, a few hundred characters, in the message and the item',
		async ({ body }) => {
			script(403, body());
			const error = await run();
			const message = String(error.message);
			expect(message).toMatch(/^Uploading the file to the presigned URL failed: /);
			expect(message.length).toBeLessThan(500);
			expect(message).not.toContain('\n');
			expect(JSON.stringify(error).length).toBeLessThan(4000);
		},
	);

	test('SignatureDoesNotMatch is still named, with its hint', async () => {
		script(
			403,
			'<Error><Code>SignatureDoesNotMatch</Code><Message>The signature did not match</Message></Error>',
		);
		const error = await run();
		expect(error.message).toBe(
			'Uploading the file to the presigned URL failed: SignatureDoesNotMatch',
		);
		expect(String(error.description)).toContain('refused the request signature');
	});

	test('the storage host echoing a credential-like pair: its value is nowhere in the error', async () => {
		script(
			400,
			'<Error><Code>Bad</Code><Message>X-Amz-Signature=abcdef0123456789 rejected</Message></Error>',
		);
		const result = await fx.runNode(uploadParams(), {
			baseUrl: server.baseUrl,
			input: [fileItem(PNG_BYTES, 'a.png')],
		});
		expect(result.error?.message).toBe('Uploading the file to the presigned URL failed: Bad');
		expect(JSON.stringify({ error: result.error, data: result.run.data })).not.toContain(
			'abcdef0123456789',
		);
	});
});

describe('the storage answer is read in time linear in its size', () => {
	const bodies: Array<{ name: string; make: (n: number) => string }> = [
		{ name: 'an unterminated <Code>', make: (n) => `<Code>${'a'.repeat(n)}` },
		{ name: 'many <Code> tags', make: (n) => '<Code>'.repeat(n / 6) },
		{ name: 'no tag at all', make: (n) => '<'.repeat(n) },
	];
	test.each(bodies)(
		'$name: 2.5 MB and 10 MB take the same work (only the first 64 KiB are read)',
		async ({ make }) => {
			const small = make(2.5 * MB);
			const large = make(10 * MB);
			// measured again while over the bound: a collection of the large strings made just before may run in
			// the background during a batch (a CI run read 12.6x once, under Node 24)
			const growth = await cpuGrowth(
				() => perCall(() => storageAnswer(small)),
				() => perCall(() => storageAnswer(large)),
				3,
			);
			expect(growth.ratio).toBeLessThan(3);
			expect(String(storageAnswer(large).code ?? '').length).toBeLessThan(120);
			expect(STORAGE_ANSWER_READ).toBeLessThan(large.length);
		},
	);
});
