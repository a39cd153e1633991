/**
 * A loopback HTTP server that serves one webhook trigger the way n8n's live
 * webhook server does (production URL `/webhook/<webhookId>/<path>`):
 *
 * - the raw body is collected into `req.rawBody` before the node runs, and a
 *   JSON body is parsed into `req.body` (a JSON content type whose body does
 *   not parse is answered 422 before the node is called, as n8n does);
 * - the node's `webhook()` runs in n8n-core's `WebhookContext`;
 * - `noWebhookResponse` means the node answered itself; otherwise, without
 *   `workflowData` the node's `webhookResponse` is sent with 200; with
 *   `workflowData` the run is started and, in `onReceived` mode, answered at
 *   once without waiting for the run;
 * - workflow static data is loaded for each request and saved after the
 *   webhook call when it changed (as a JSON round trip, like a database);
 * - activation calls the node's `webhookMethods` (`checkExists`, `create`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { WebhookContext } from 'n8n-core';
import {
	jsonParse,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INodeType,
	type IRun,
} from 'n8n-workflow';

import {
	activateWebhook,
	buildTriggerWorkflow,
	CAPTURE_NODE_NAME,
	instantiate,
	makeAdditionalData,
	outputOf,
	runFromTrigger,
	webhookDataFor,
	type TriggerWorkflow,
} from './webhookRuntime';

export interface TriggerServerOptions {
	nodeType: INodeType;
	nodeTypeName?: string;
	parameters: IDataObject;
	credentialType?: string;
	credentials: ICredentialDataDecryptedObject;
	/** Answer the first n matching requests with 503 before the node sees them (n8n unavailable). */
	failFirst?: number;
	/** Cut the connection instead of answering request number n (1-based) after the node ran (lost response). */
	dropResponse?: (requestNumber: number) => boolean;
	port?: number;
	/** Serve this workflow (e.g. an example workflow JSON) instead of trigger + Capture built from `parameters`. */
	workflow?: TriggerWorkflow;
}

export interface RunRecord {
	/** Items the trigger put out. */
	items: IDataObject[];
	/** Items that reached the node after the trigger. */
	captured: IDataObject[];
	status: IRun['status'];
	/** The whole run, for reading any node's output. */
	run: IRun;
}

export interface AnsweredRequest {
	method: string;
	status: number;
	body: string;
}

export interface TriggerServer {
	/** The production webhook URL of the trigger. */
	url: string;
	baseUrl: string;
	runs: RunRecord[];
	answered: AnsweredRequest[];
	/** Errors thrown by the node's webhook() (answered 500, as n8n does). */
	errors: Error[];
	storedStaticData(): IDataObject;
	/** Resolves when every started run has finished. */
	idle(): Promise<void>;
	close(): Promise<void>;
}

interface WebhookRequest extends IncomingMessage {
	rawBody: Buffer;
	body: unknown;
	params: Record<string, string>;
	query: Record<string, string>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** n8n's body parser: JSON by content type, keeping the raw bytes. Returns false when it answered 422. */
function parseBodyLikeN8n(req: WebhookRequest, res: ServerResponse): boolean {
	const [mime, ...params] = String(req.headers['content-type'] ?? '').split(';');
	const contentType = mime.trim().toLowerCase();
	const charset = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
	const encoding = (charset?.slice('charset='.length) ?? 'utf-8') as BufferEncoding;
	req.contentType = contentType;
	req.encoding = encoding;
	req.body = {};
	if (req.rawBody.length === 0) return true;
	try {
		if (contentType === 'application/json') req.body = jsonParse(req.rawBody.toString(encoding));
		else if (contentType === 'text/plain') req.body = req.rawBody.toString(encoding);
	} catch {
		sendJson(res, 422, { code: 422, message: 'Failed to parse request body' });
		return false;
	}
	return true;
}

export async function startTriggerServer(opts: TriggerServerOptions): Promise<TriggerServer> {
	const credentialType = opts.credentialType ?? 'socialPublishingApi';
	const tw: TriggerWorkflow =
		opts.workflow ??
		buildTriggerWorkflow({
			nodeTypeName: opts.nodeTypeName ?? 'CUSTOM.socialPublishingTrigger',
			nodeType: opts.nodeType,
			parameters: opts.parameters,
			credentialType,
		});
	let storedStaticData = '{}';
	let requestCount = 0;
	let failuresLeft = opts.failFirst ?? 0;
	const runs: RunRecord[] = [];
	const answered: AnsweredRequest[] = [];
	const errors: Error[] = [];
	const inFlight = new Set<Promise<void>>();
	const sockets = new Set<Socket>();

	const server: Server = createServer();
	await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const additionalDataFor = () =>
		makeAdditionalData({
			credentials: { [credentialType]: opts.credentials },
			webhookBaseUrl: baseUrl,
			workflowData: tw.workflowData,
		});
	const webhookPath = webhookDataFor(tw, additionalDataFor()).path;
	const url = `${baseUrl}/webhook/${webhookPath}`;

	// Activation happens before the server answers anything: a failing create() aborts the start.
	try {
		await activateWebhook(instantiate(tw, {}), tw, additionalDataFor());
	} catch (error) {
		await new Promise<void>((resolve) => server.close(() => resolve()));
		throw error;
	}

	const track = (p: Promise<void>) => {
		inFlight.add(p);
		void p.finally(() => inFlight.delete(p));
	};

	const startRun = (main: Parameters<typeof runFromTrigger>[3]) => {
		const workflow = instantiate(tw, JSON.parse(storedStaticData) as IDataObject);
		track(
			runFromTrigger(workflow, tw, additionalDataFor(), main).then((run) => {
				runs.push({
					items: outputOf(run, tw.triggerNode.name).map((i) => i.json),
					captured: outputOf(run, CAPTURE_NODE_NAME).map((i) => i.json),
					status: run.status,
					run,
				});
			}),
		);
	};

	async function handle(req: WebhookRequest, res: ServerResponse): Promise<void> {
		req.rawBody = await readBody(req);
		req.params = {};
		req.query = {};
		const path = (req.url ?? '').split('?')[0];
		if (path !== `/webhook/${webhookPath}` || req.method !== 'POST') {
			sendJson(res, 404, { code: 404, message: 'The requested webhook is not registered.' });
			return;
		}
		requestCount++;
		if (failuresLeft > 0) {
			failuresLeft--;
			sendJson(res, 503, { code: 503, message: 'Service unavailable' });
			return;
		}
		if (!parseBodyLikeN8n(req, res)) return;

		const workflow = instantiate(tw, JSON.parse(storedStaticData) as IDataObject);
		const additionalData = additionalDataFor();
		additionalData.httpRequest = req as never;
		additionalData.httpResponse = res as never;
		const context = new WebhookContext(
			workflow,
			tw.triggerNode,
			additionalData,
			'webhook',
			webhookDataFor(tw, additionalData),
			[],
			null,
		);

		let result;
		try {
			result = await opts.nodeType.webhook!.call(context);
		} catch (error) {
			errors.push(error as Error);
			sendJson(res, 500, {
				code: 500,
				message: 'Workflow Webhook Error: Workflow could not be started!',
			});
			return;
		}
		if (workflow.staticData.__dataChanged === true)
			storedStaticData = JSON.stringify(workflow.staticData);

		if (result.noWebhookResponse === true) return;
		if (result.workflowData !== undefined) startRun(result.workflowData);
		if (opts.dropResponse?.(requestCount)) {
			req.socket.destroy();
			return;
		}
		const fallback =
			result.workflowData !== undefined
				? { message: 'Workflow was started' }
				: { message: 'Webhook call received' };
		sendJson(res, 200, result.webhookResponse !== undefined ? result.webhookResponse : fallback);
	}

	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	server.on('request', (req: IncomingMessage, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		const originalEnd = res.end.bind(res);
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			if (chunk !== undefined && typeof chunk !== 'function')
				chunks.push(Buffer.from(chunk as string));
			answered.push({
				method: req.method ?? '',
				status: res.statusCode,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			return (originalEnd as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
		}) as ServerResponse['end'];
		track(
			handle(req as WebhookRequest, res).catch((error: Error) => {
				errors.push(error);
				if (!res.headersSent) sendJson(res, 500, { code: 500, message: 'Internal error' });
			}),
		);
	});

	const idle = async () => {
		while (inFlight.size > 0) await Promise.all([...inFlight]);
	};

	return {
		url,
		baseUrl,
		runs,
		answered,
		errors,
		storedStaticData: () => JSON.parse(storedStaticData) as IDataObject,
		idle,
		close: async () => {
			await idle();
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
