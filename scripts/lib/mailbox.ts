/**
 * A loopback mail server for the end-to-end tests in real n8n: n8n's Send Email nodes deliver here over SMTP,
 * as they would to a mail server, and the tests read what a person would get: the human-review test the
 * approval request with its Approve and Decline links (scripts/e2e/hitl/), the regular test the weekly
 * digest with its calendar picture and the analytics charts (scripts/e2e/mailExamples.ts). It speaks just the
 * SMTP a mail client uses to hand over a message (EHLO, AUTH, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeps every
 * message in memory, and reads a message's MIME parts back (`delivered`): its HTML and its attachments.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'net';

export interface Mail {
	from: string;
	to: string[];
	/** The message as sent (headers and body, transfer encodings not undone). */
	raw: string;
}

/**
 * A message as its reader sees it: the envelope's sender and recipients, the subject, the HTML body and the
 * attached files. The Send Email stand-in of `npm start` (scripts/examples/emailSend.ts) keeps what it would
 * send in this shape, so that one check reads both.
 */
export interface DeliveredMail {
	from: string;
	to: string[];
	subject: string;
	html: string;
	attachments: Array<{ fileName: string; mimeType: string; content: Buffer }>;
}

export interface Mailbox {
	port: number;
	messages: Mail[];
	/** Every http(s) link in the messages from index `from` on, transfer encodings undone, in order. */
	links(from?: number): string[];
	/** The messages from index `from` on, read as their reader sees them (see `readMail`). */
	delivered(from?: number): DeliveredMail[];
	close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
	const joined = text.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let i = 0; i < joined.length; i++) {
		const hex = joined.slice(i + 1, i + 3);
		if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
			bytes.push(parseInt(hex, 16));
			i += 2;
		} else bytes.push(...Buffer.from(joined[i], 'utf8'));
	}
	return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a raw message: its quoted-printable and base64 parts decoded, HTML entities for & undone. */
export function readable(raw: string): string {
	const parts: string[] = [decodeQuotedPrintable(raw)];
	for (const match of raw.matchAll(
		/Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
	))
		parts.push(Buffer.from(match[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
	return parts.join('\n').replace(/&amp;/g, '&');
}

/** A header block's fields, folded lines joined, names in lower case (the last of a repeated name wins). */
function headersOf(block: string): Map<string, string> {
	const fields = new Map<string, string>();
	for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0)
			fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	return fields;
}

/**
 * One parameter of a header field (`boundary`, `filename`, `name`), quoted or not, also when split into
 * RFC 2231 continuations (`filename*0=...; filename*1=...`, `*0*=utf-8''...` percent-encoded).
 */
export function headerParameter(field: string, name: string): string | undefined {
	const pieces: Array<{ index: number; text: string }> = [];
	let plain: string | undefined;
	for (const match of field.matchAll(
		/;\s*([\w-]+)(\*(\d+))?(\*)?\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/g,
	)) {
		if (match[1].toLowerCase() !== name) continue;
		let text = match[5].startsWith('"') ? match[5].slice(1, -1).replace(/\\(.)/g, '$1') : match[5];
		if (match[4]) text = decodeURIComponent(text.replace(/^[\w-]*'[\w-]*'/, ''));
		if (match[3] === undefined && !match[4]) plain = text;
		else pieces.push({ index: Number(match[3] ?? 0), text });
	}
	if (pieces.length === 0) return plain;
	return pieces
		.sort((a, b) => a.index - b.index)
		.map((piece) => piece.text)
		.join('');
}

/** A MIME-encoded header word (`=?utf-8?B?...?=`, `=?utf-8?Q?...?=`) undone. */
function decodeWords(text: string): string {
	return text.replace(
		/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
		(_all, _charset, kind: string, body: string) =>
			kind.toUpperCase() === 'B'
				? Buffer.from(body, 'base64').toString('utf8')
				: decodeQuotedPrintable(body.replace(/_/g, ' ')),
	);
}

function bodyBytes(body: string, encoding: string | undefined): Buffer {
	const kind = (encoding ?? '7bit').toLowerCase();
	if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
	if (kind === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
	return Buffer.from(body, 'utf8');
}

interface Part {
	headers: Map<string, string>;
	body: string;
}

/** The leaves of a MIME entity: a multipart's parts, each read in turn, or the entity itself. */
function leavesOf(entity: string, depth = 0): Part[] {
	const split = /\r?\n\r?\n/.exec(entity);
	const headers = headersOf(split ? entity.slice(0, split.index) : entity);
	const body = split ? entity.slice(split.index + split[0].length) : '';
	const type = headers.get('content-type') ?? 'text/plain';
	const boundary = headerParameter(type, 'boundary');
	if (!/^multipart\//i.test(type) || !boundary || depth > 8) return [{ headers, body }];
	const parts = body.split(`--${boundary}`).slice(1);
	const leaves: Part[] = [];
	for (const part of parts) {
		if (part.startsWith('--')) break;
		leaves.push(...leavesOf(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), depth + 1));
	}
	return leaves;
}

/** A raw message read as its reader sees it: the HTML part, and each part with a file name as an attachment. */
export function readMail(mail: Mail): DeliveredMail {
	const headerEnd = /\r?\n\r?\n/.exec(mail.raw);
	const top = headersOf(headerEnd ? mail.raw.slice(0, headerEnd.index) : mail.raw);
	let html = '';
	const attachments: DeliveredMail['attachments'] = [];
	for (const part of leavesOf(mail.raw)) {
		const type = part.headers.get('content-type') ?? 'text/plain';
		const disposition = part.headers.get('content-disposition') ?? '';
		const content = bodyBytes(part.body, part.headers.get('content-transfer-encoding'));
		const fileName = headerParameter(disposition, 'filename') ?? headerParameter(type, 'name');
		if (fileName !== undefined || /^attachment/i.test(disposition))
			attachments.push({
				fileName: decodeWords(fileName ?? ''),
				mimeType: type.split(';')[0].trim().toLowerCase(),
				content,
			});
		else if (/^text\/html/i.test(type)) html += content.toString('utf8');
	}
	return {
		from: mail.from,
		to: mail.to,
		subject: decodeWords(top.get('subject') ?? ''),
		html,
		attachments,
	};
}

export async function startMailbox(): Promise<Mailbox> {
	const messages: Mail[] = [];
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.setEncoding('utf8');
		let buffer = '';
		let inData = false;
		let data: string[] = [];
		let from = '';
		let to: string[] = [];
		let authLoginSteps = 0;
		const reply = (line: string) => socket.write(`${line}\r\n`);
		reply('220 mailbox.local ESMTP');
		socket.on('data', (chunk: string) => {
			buffer += chunk;
			let end: number;
			while ((end = buffer.indexOf('\r\n')) !== -1) {
				const line = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (inData) {
					if (line === '.') {
						inData = false;
						messages.push({ from, to, raw: data.join('\r\n') });
						data = [];
						reply('250 OK: queued');
					} else data.push(line.startsWith('..') ? line.slice(1) : line);
					continue;
				}
				if (authLoginSteps > 0) {
					authLoginSteps--;
					reply(authLoginSteps > 0 ? '334 UGFzc3dvcmQ6' : '235 Authentication successful');
					continue;
				}
				const verb = line.split(' ')[0].toUpperCase();
				if (verb === 'EHLO') {
					reply('250-mailbox.local');
					reply('250-AUTH PLAIN LOGIN');
					reply('250 8BITMIME');
				} else if (verb === 'HELO') reply('250 mailbox.local');
				else if (verb === 'AUTH') {
					if (/^AUTH LOGIN\s*$/i.test(line)) {
						authLoginSteps = 2;
						reply('334 VXNlcm5hbWU6');
					} else if (/^AUTH LOGIN \S+/i.test(line)) {
						authLoginSteps = 1;
						reply('334 UGFzc3dvcmQ6');
					} else reply('235 Authentication successful');
				} else if (verb === 'MAIL') {
					from = /<([^>]*)>/.exec(line)?.[1] ?? '';
					to = [];
					reply('250 OK');
				} else if (verb === 'RCPT') {
					to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
					reply('250 OK');
				} else if (verb === 'DATA') {
					inData = true;
					reply('354 End data with <CR><LF>.<CR><LF>');
				} else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
				else if (verb === 'QUIT') {
					reply('221 Bye');
					socket.end();
				} else reply('502 Command not implemented');
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: (server.address() as AddressInfo).port,
		messages,
		links: (from = 0) =>
			messages
				.slice(from)
				.flatMap((mail) =>
					[...readable(mail.raw).matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]),
				),
		delivered: (from = 0) => messages.slice(from).map(readMail),
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** n8n's SMTP credential data for this mailbox, as a user fills it for a loopback server (no TLS, no login). */
export function smtpCredentialData(mailbox: Mailbox) {
	return {
		user: '',
		password: '',
		host: '127.0.0.1',
		port: mailbox.port,
		secure: false,
		disableStartTls: true,
	};
}
