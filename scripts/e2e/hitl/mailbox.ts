/**
 * A loopback mail server for the human-review end-to-end test: n8n's Send Email review node delivers its
 * approval request here over SMTP, as it would to the reviewer's mail server, and the test reads the message
 * the person would get (with its Approve and Decline links). It speaks just the SMTP a mail client uses to
 * hand over a message (EHLO, AUTH, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps every message in memory.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'net';

export interface Mail {
	from: string;
	to: string[];
	/** The message as sent (headers and body, transfer encodings not undone). */
	raw: string;
}

export interface Mailbox {
	port: number;
	messages: Mail[];
	/** Every http(s) link in the messages from index `from` on, transfer encodings undone, in order. */
	links(from?: number): string[];
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
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
