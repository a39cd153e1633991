/**
 * A scripted chat model for the human-review end-to-end test: a loopback server answering the OpenAI chat
 * completions API (`POST …/chat/completions`, plain or streamed), which n8n's OpenAI Chat Model node calls when
 * its credential's Base URL points here. The script is one turn of a careful agent: asked to publish draft N, it
 * calls the Social Publishing tool once for draft N with "confirm" false (the model never confirms on its own);
 * given the tool's answer, it ends with a text that quotes the answer. Every request is kept for the checks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

interface ChatMessage {
	role: string;
	content?: unknown;
	tool_calls?: unknown[];
	tool_call_id?: string;
}

interface ChatTool {
	type: string;
	function: { name: string; parameters?: { properties?: Record<string, unknown> } };
}

export interface ChatRequest {
	model?: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
}

export interface ScriptedModel {
	baseUrl: string;
	requests: ChatRequest[];
	/** The arguments of every tool call the model made, in order. */
	toolCalls: Array<{ name: string; arguments: Record<string, unknown> }>;
	close(): Promise<void>;
}

function text(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content
			.map((part) => (typeof part === 'object' && part && 'text' in part ? String(part.text) : ''))
			.join('');
	return '';
}

async function body(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

export async function startScriptedModel(toolNamePart = 'publish'): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const toolCalls: ScriptedModel['toolCalls'] = [];
	let calls = 0;

	/** The model's next message: a tool call for the draft the user named, or the closing text. */
	function answer(request: ChatRequest): {
		content: string | null;
		toolCall?: { id: string; name: string; args: string };
	} {
		const last = request.messages[request.messages.length - 1];
		if (last?.role === 'tool') return { content: `The tool answered: ${text(last.content)}` };
		const asked = request.messages
			.filter((m) => m.role === 'user')
			.map((m) => text(m.content))
			.join('\n');
		const draftId = Number(/draft (\d+)/i.exec(asked)?.[1]);
		const tool = (request.tools ?? []).find((t) =>
			t.function.name.toLowerCase().includes(toolNamePart),
		);
		if (!tool || !Number.isFinite(draftId))
			return {
				content: `No tool to call (tools: ${(request.tools ?? []).map((t) => t.function.name).join(', ')})`,
			};
		const args = { draft_id: draftId, confirm: false };
		// Behind n8n's human review the tool's schema wraps the tool's own arguments in `toolParameters`.
		const reviewed = Boolean(tool.function.parameters?.properties?.toolParameters);
		const given = reviewed ? { toolParameters: args, hitlParameters: {} } : args;
		toolCalls.push({ name: tool.function.name, arguments: given });
		return {
			content: null,
			toolCall: { id: `call_${++calls}`, name: tool.function.name, args: JSON.stringify(given) },
		};
	}

	function respond(res: ServerResponse, request: ChatRequest): void {
		const next = answer(request);
		const id = `chatcmpl-${requests.length}`;
		const created = Math.floor(Date.now() / 1000);
		const model = request.model ?? 'scripted';
		const finish = next.toolCall ? 'tool_calls' : 'stop';
		const toolCalls = next.toolCall
			? [
					{
						id: next.toolCall.id,
						type: 'function',
						function: { name: next.toolCall.name, arguments: next.toolCall.args },
					},
				]
			: undefined;
		const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
		if (request.stream) {
			res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
			const chunk = (delta: object, finishReason: string | null, extra: object = {}) =>
				res.write(
					`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
				);
			chunk(
				{
					role: 'assistant',
					content: next.content ?? null,
					...(toolCalls
						? { tool_calls: toolCalls.map((call, index) => ({ index, ...call })) }
						: {}),
				},
				null,
			);
			chunk({}, finish, { usage });
			res.end('data: [DONE]\n\n');
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(
			JSON.stringify({
				id,
				object: 'chat.completion',
				created,
				model,
				choices: [
					{
						index: 0,
						message: {
							role: 'assistant',
							content: next.content,
							...(toolCalls ? { tool_calls: toolCalls } : {}),
						},
						finish_reason: finish,
					},
				],
				usage,
			}),
		);
	}

	const server: Server = createServer((req, res) => {
		void (async () => {
			const raw = await body(req);
			if (req.method === 'GET' && /\/models\/?$/.test(req.url ?? '')) {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(
					JSON.stringify({
						object: 'list',
						data: [{ id: 'scripted', object: 'model', owned_by: 'local' }],
					}),
				);
				return;
			}
			if (req.method !== 'POST' || !/\/chat\/completions\/?$/.test(req.url ?? '')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}` } }));
				return;
			}
			const request = JSON.parse(raw) as ChatRequest;
			requests.push(request);
			respond(res, request);
		})().catch((error: Error) => {
			res.writeHead(500, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message: error.message } }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		toolCalls,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
