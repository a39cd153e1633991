import { KEY_ACCESS } from './domain/seed';
import { SandboxOptions, startSandbox } from './index';
import { parseLimitFlag } from './domain/rateLimit';
import type { WebhookConfig } from './domain/webhooks';

/**
 * `npm run sandbox` — flags: --port N (default 4010), --host H, --webhook URL (repeatable),
 * --webhook-secret S, --header-prefix P, --rate-limit-user N/SECONDS, --rate-limit-socialset N/SECONDS,
 * --media-processing-ms N, --publish-delay-ms N, --quiet.
 */

interface CliArgs {
	opts: SandboxOptions;
	webhookUrls: string[];
	webhookSecret?: string;
	headerPrefix?: string;
}

export function parseArgs(argv: string[]): CliArgs {
	const opts: SandboxOptions = { port: 4010 };
	const out: CliArgs = { opts, webhookUrls: [] };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s, 2);
		const value = (): string => {
			const v = inline ?? argv[++i];
			if (v === undefined) throw new Error(`${flag} needs a value`);
			return v;
		};
		const int = (): number => {
			const v = value();
			if (!/^\d+$/.test(v)) throw new Error(`${flag} needs a non-negative integer, got "${v}"`);
			return Number(v);
		};
		switch (flag) {
			case '--port':
				opts.port = int();
				break;
			case '--host':
				opts.host = value();
				break;
			case '--webhook':
				out.webhookUrls.push(value());
				break;
			case '--webhook-secret':
				out.webhookSecret = value();
				break;
			case '--header-prefix':
				out.headerPrefix = value();
				break;
			case '--rate-limit-user':
				opts.rateLimits = { ...opts.rateLimits, user: parseLimitFlag(value()) };
				break;
			case '--rate-limit-socialset':
				opts.rateLimits = { ...opts.rateLimits, socialSet: parseLimitFlag(value()) };
				break;
			case '--media-processing-ms':
				opts.mediaProcessingMs = int();
				break;
			case '--publish-delay-ms':
				opts.publishDelayMs = int();
				break;
			case '--quiet':
				opts.quiet = true;
				break;
			default:
				throw new Error(`unknown flag ${flag}`);
		}
	}
	opts.webhookSecret = out.webhookSecret;
	opts.webhookHeaderPrefix = out.headerPrefix;
	opts.webhooks = out.webhookUrls.map((url): WebhookConfig => ({ url }));
	return out;
}

async function main(): Promise<void> {
	let args: CliArgs;
	try {
		args = parseArgs(process.argv.slice(2));
	} catch (err) {
		console.error(`sandbox: ${(err as Error).message}`);
		process.exit(2);
	}
	const sb = await startSandbox(args.opts);
	const lines = [
		'Social Publishing API sandbox is running',
		`Base URL: ${sb.baseUrl}`,
		'API keys:',
		...(Object.keys(sb.keys) as Array<keyof typeof sb.keys>).map(
			(k) => `  ${sb.keys[k].padEnd(18)} ${KEY_ACCESS[k]}`,
		),
		`Webhook secret: ${sb.webhookSecret}`,
		args.webhookUrls.length > 0
			? `Webhooks: ${args.webhookUrls.join(', ')}`
			: 'Webhooks: none (POST /__sandbox/webhooks to add one)',
		'Admin routes: /__sandbox/* (loopback only; a loopback Host, no foreign Origin, JSON bodies). Ctrl+C stops.',
	];
	console.log(lines.join('\n'));
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`sandbox: ${signal} received, stopping`);
		sb.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((err) => {
		console.error('sandbox: failed to start:', (err as Error).message);
		process.exit(1);
	});
}
