/**
 * npm run dev: the sandbox on http://127.0.0.1:4010 and a real n8n editor on http://127.0.0.1:5678 (the
 * pinned Node 24 release) with this package installed as a community package, a credential for the
 * sandbox and the example workflows ready. Ctrl-C stops both.
 *
 *   SANDBOX_PORT, N8N_DEV_PORT and N8N_DEV_VERSION (an install name or n8n version) change the defaults.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { startSandbox, type Sandbox } from '../sandbox';
import { CREDENTIAL_NAME, EXAMPLES, loadExample } from './examples/catalog';
import { buildPackage, packPackage } from './lib/pack';
import { stopAll, stopAllOnExit } from './lib/processes';
import { ensureInstalled } from './e2e/install-n8n';
import { N8nInstance, prepareN8n } from './e2e/n8n';
import { importCredential, importExamples } from './e2e/prepare';
import { OWNER, ownerSession } from './e2e/rest';

export interface DevEnvironment {
	sandbox: Sandbox;
	n8n: N8nInstance;
	stop(): Promise<void>;
}

/** Builds and packs the package, starts the sandbox and n8n with the credential, the examples and an owner account. */
export async function startDevEnvironment(opts: {
	sandboxPort: number;
	n8nPort: number;
	install: string;
	userFolder: string;
	log?: (line: string) => void;
}): Promise<DevEnvironment> {
	const log = opts.log ?? ((line: string) => console.log(line));
	stopAllOnExit();
	const [install] = ensureInstalled([opts.install]);
	log(`building and packing the package ...`);
	if (!(await buildPackage())) log('dist/ used as it is: the build of the sources as they are');
	const tarball = await packPackage();
	const sandbox = await startSandbox({ port: opts.sandboxPort, quiet: true });
	log(`sandbox listening on ${sandbox.baseUrl}`);
	try {
		const n8n = await prepareN8n({
			install,
			tarball,
			mode: 'community',
			port: opts.n8nPort,
			userFolder: opts.userFolder,
			logFile: join(opts.userFolder, 'n8n.log'),
		});
		rmSync(dirname(tarball), { recursive: true, force: true });
		await importCredential(n8n, {
			apiKey: sandbox.keys.admin,
			baseUrl: sandbox.baseUrl,
			webhookSecret: sandbox.webhookSecret,
		});
		await importExamples(n8n);
		log(`starting n8n ${install.n8n} on ${n8n.baseUrl} (user folder ${opts.userFolder}) ...`);
		await n8n.startServer();
		await ownerSession(n8n.baseUrl);
		return {
			sandbox,
			n8n,
			async stop() {
				await stopAll();
				await sandbox.close();
			},
		};
	} catch (error) {
		await stopAll();
		await sandbox.close();
		throw error;
	}
}

async function main(): Promise<void> {
	// A throwaway user folder (n8n's database, settings and log), removed when the script ends, also after a failure.
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-dev-'));
	process.once('exit', () => rmSync(userFolder, { recursive: true, force: true }));
	const env = await startDevEnvironment({
		sandboxPort: Number(process.env.SANDBOX_PORT ?? 4010),
		n8nPort: Number(process.env.N8N_DEV_PORT ?? 5678),
		install: process.env.N8N_DEV_VERSION ?? 'n8n-2.41.1-node24',
		userFolder,
	});
	const trigger = EXAMPLES.find((e) => e.trigger);
	const webhookId = trigger
		? loadExample(trigger).nodes.find((n) => n.webhookId)?.webhookId
		: undefined;
	console.log(`
n8n editor:   ${env.n8n.baseUrl}   (log in as ${OWNER.email} / ${OWNER.password})
sandbox API:  ${env.sandbox.baseUrl}   (credential "${CREDENTIAL_NAME}" holds the sandbox admin key)
examples:     ${EXAMPLES.length} workflows imported (Overview in the editor)
trigger:      publish "${trigger ? loadExample(trigger).name : ''}", then let the sandbox deliver to it:
              curl -X POST ${env.sandbox.baseUrl}/__sandbox/webhooks -H 'content-type: application/json' \\
                -d '{"url": "${env.n8n.baseUrl}/webhook/${webhookId}/webhook", "events": ["draft.published"]}'
Ctrl-C stops n8n and the sandbox.`);
	await new Promise<void>((resolve) => {
		for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
	});
	console.log('stopping ...');
	await env.stop();
}

if (require.main === module) {
	main().then(
		() => process.exit(0),
		async (error: Error) => {
			console.error(error.stack ?? error.message);
			await stopAll();
			process.exit(1);
		},
	);
}
