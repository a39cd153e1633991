import { fork, type ChildProcess } from 'child_process';
import { join } from 'path';
import type { FaultConfig, SandboxOptions } from '../../sandbox';
import type { ChildReady, ChildReply, ChildRequest, RequestSummary } from './sandboxProtocol';

type Command = ChildRequest extends infer R
	? R extends { id: number }
		? Omit<R, 'id'>
		: never
	: never;

/** Generous limits for every case except the rate-limit one, so no other case ever waits on a bucket. */
export const UNLIMITED: NonNullable<SandboxOptions['rateLimits']> = {
	user: { limit: 10_000_000, windowSeconds: 60 },
	socialSet: { limit: 10_000_000, windowSeconds: 60 },
};

/** A sandbox in a child process (ts-node, transpile only), controlled over IPC. */
export class SandboxProcess {
	private nextId = 1;
	private readonly pending = new Map<
		number,
		{ resolve(value: unknown): void; reject(error: Error): void }
	>();

	private constructor(
		private readonly child: ChildProcess,
		readonly baseUrl: string,
		readonly keys: ChildReady['keys'],
	) {
		child.on('message', (reply: ChildReply) => {
			const waiter = this.pending.get(reply.id);
			if (!waiter) return;
			this.pending.delete(reply.id);
			if (reply.ok) waiter.resolve(reply.result);
			else waiter.reject(new Error(reply.error));
		});
		child.on('exit', () => {
			for (const waiter of this.pending.values())
				waiter.reject(new Error('The sandbox process exited'));
			this.pending.clear();
		});
	}

	static async start(
		options: SandboxOptions & { keepAliveMs?: number } = {},
	): Promise<SandboxProcess> {
		const child = fork(
			join(__dirname, 'sandboxChild.ts'),
			[JSON.stringify({ rateLimits: UNLIMITED, ...options })],
			{
				execArgv: ['-r', 'ts-node/register/transpile-only'],
				stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
			},
		);
		const ready = await new Promise<ChildReady>((resolve, reject) => {
			child.once('message', (reply: ChildReply) =>
				reply.ok ? resolve(reply.result as ChildReady) : reject(new Error(reply.error)),
			);
			child.once('exit', (code) =>
				reject(new Error(`The sandbox process exited with code ${code}`)),
			);
		});
		return new SandboxProcess(child, ready.baseUrl, ready.keys);
	}

	get pid(): number | undefined {
		return this.child.pid;
	}

	private call<T>(command: Command): Promise<T> {
		const id = this.nextId++;
		return new Promise<T>((resolve, reject) => {
			this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
			this.child.send({ ...command, id });
		});
	}

	clearRequests(): Promise<void> {
		return this.call({ cmd: 'clear' });
	}

	summary(): Promise<RequestSummary> {
		return this.call({ cmd: 'summary' });
	}

	setRateLimits(limits: SandboxOptions['rateLimits']): Promise<void> {
		return this.call({ cmd: 'rateLimits', limits });
	}

	/** Sets sandbox faults (latency, ...); `fresh` and `reset` clear them. */
	setFaults(faults: FaultConfig): Promise<void> {
		return this.call({ cmd: 'faults', faults });
	}

	/** Creates drafts (through the sandbox's HTTP API, not the node) until the social set holds `total`. */
	seedDrafts(total: number, socialSetId?: number): Promise<number> {
		return this.call({ cmd: 'seedDrafts', total, socialSetId });
	}

	setAccount(socialSetId: number, patch: Record<string, number | boolean>): Promise<unknown> {
		return this.call({ cmd: 'account', socialSetId, patch });
	}

	/** Fresh seed, no requests recorded, the given draft limit lifted so runs can create thousands. */
	async fresh(socialSetId = 101): Promise<void> {
		await this.reset();
		await this.setAccount(socialSetId, {
			draftLimit: 10_000_000,
			paused: false,
			quotaLimit: 10_000_000,
		});
	}

	reset(): Promise<void> {
		return this.call({ cmd: 'reset' });
	}

	rss(): Promise<number> {
		return this.call({ cmd: 'memory' });
	}

	async close(): Promise<void> {
		if (this.child.exitCode !== null) return;
		const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		await this.call({ cmd: 'close' }).catch(() => undefined);
		await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
		if (this.child.exitCode === null) this.child.kill();
	}
}
