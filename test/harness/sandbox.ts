import type { Sandbox, SandboxOptions } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import type { RunOptions, RunResult, WorkflowJson } from './runWorkflow';
import { runWorkflow } from './runWorkflow';
import { singleNodeWorkflow } from './workflows';
import type { INode, INodeParameters } from 'n8n-workflow';

export type KeyName = 'admin' | 'publish' | 'write' | 'read' | 'outsider';

export interface SandboxFixture {
	readonly sandbox: Sandbox;
	/** Runs a workflow against the sandbox with the given key's credential (default admin). */
	run(
		json: WorkflowJson,
		options?: RunOptions & { key?: KeyName; baseUrl?: string },
	): Promise<RunResult>;
	/** Runs one Social Publishing node with these parameters. */
	runNode(
		parameters: INodeParameters,
		options?: RunOptions & {
			key?: KeyName;
			baseUrl?: string;
			settings?: Partial<Pick<INode, 'continueOnFail' | 'onError'>>;
		},
	): Promise<RunResult>;
	/** Requests the sandbox received whose path starts with /v2 (admin and storage routes left out). */
	apiRequests(): Sandbox['requests'];
}

/** Starts a sandbox on a random loopback port for the test file and stops it afterwards. */
export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, quiet: true, ...options });
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	const fixture: SandboxFixture = {
		get sandbox() {
			if (!sandbox) throw new Error('The sandbox is not started yet');
			return sandbox;
		},
		async run(json, runOptions = {}) {
			const { key = 'admin', baseUrl, ...rest } = runOptions;
			const sb = fixture.sandbox;
			return await runWorkflow(json, {
				...rest,
				credentials: {
					socialPublishingApi: {
						apiKey: sb.keys[key],
						baseUrl: baseUrl ?? sb.baseUrl,
						webhookSecret: sb.webhookSecret,
					},
					...rest.credentials,
				},
			});
		},
		async runNode(parameters, runOptions = {}) {
			const { settings, ...rest } = runOptions;
			return await fixture.run(singleNodeWorkflow(parameters, settings), rest);
		},
		apiRequests() {
			return fixture.sandbox.requests.filter((request) => request.path.startsWith('/v2'));
		},
	};
	return fixture;
}
