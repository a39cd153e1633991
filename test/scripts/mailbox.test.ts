/**
 * The loopback mailbox of the real-n8n tests (scripts/lib/mailbox.ts): a message handed over in SMTP is kept,
 * and read back as its reader sees it. The fixture is a message nodemailer 8 (what n8n's Send Email node sends
 * with) wrote: a folded, encoded subject, a quoted-printable HTML part and a base64 SVG attachment whose long
 * file name is folded onto a line of its own.
 */
import { readFileSync } from 'fs';
import { connect } from 'net';
import { join } from 'path';
import { headerParameter, readMail, startMailbox } from '../../scripts/lib/mailbox';

const RAW = readFileSync(join(__dirname, 'fixtures', 'nodemailer-message.eml'), 'utf8');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt; é</text></svg>';

/** Hands a message over as a mail client does, one command at a time, waiting for each answer. */
async function send(port: number, from: string, to: string[], raw: string): Promise<string[]> {
	const socket = connect(port, '127.0.0.1');
	socket.setEncoding('utf8');
	const answers: string[] = [];
	let pending = '';
	let waiting: (() => void) | undefined;
	socket.on('data', (chunk: string) => {
		pending += chunk;
		let end: number;
		while ((end = pending.indexOf('\r\n')) !== -1) {
			const line = pending.slice(0, end);
			pending = pending.slice(end + 2);
			answers.push(line);
			if (/^\d{3} /.test(line)) waiting?.();
		}
	});
	const answer = () => new Promise<void>((resolve) => (waiting = resolve));
	await answer();
	for (const command of [
		'EHLO client',
		`MAIL FROM:<${from}>`,
		...to.map((address) => `RCPT TO:<${address}>`),
		'DATA',
	]) {
		const next = answer();
		socket.write(`${command}\r\n`);
		await next;
	}
	const queued = answer();
	const body = raw.replace(/\r?\n/g, '\r\n').replace(/\r\n\./g, '\r\n..');
	socket.write(`${body}\r\n.\r\n`);
	await queued;
	const bye = answer();
	socket.write('QUIT\r\n');
	await bye;
	socket.destroy();
	return answers;
}

describe('the loopback mailbox', () => {
	test('keeps a message handed over in SMTP and reads its recipients, subject, HTML and attachment', async () => {
		const mailbox = await startMailbox();
		try {
			const answers = await send(
				mailbox.port,
				'n8n@example.com',
				['content-team@example.com'],
				RAW,
			);
			expect(answers.filter((line) => /^250 OK: queued/.test(line))).toHaveLength(1);
			const [mail] = mailbox.delivered();
			expect(mailbox.delivered()).toHaveLength(1);
			expect(mail.from).toBe('n8n@example.com');
			expect(mail.to).toEqual(['content-team@example.com']);
			expect(mail.subject).toBe('Queue for the week of 7 December 2026 – ünïcode');
			expect(mail.html).toBe(
				`<p>Good morning, 3 slots filled, 6 free. ${'long line '.repeat(20)}é</p>`,
			);
			expect(mail.attachments).toHaveLength(1);
			expect(mail.attachments[0].fileName).toBe(
				'queue-101-2026-12-07-2026-12-13-with-a-rather-long-name-indeed.svg',
			);
			expect(mail.attachments[0].mimeType).toBe('image/svg+xml');
			expect(mail.attachments[0].content.toString('utf8')).toBe(SVG);
			expect(mailbox.delivered(1)).toEqual([]);
		} finally {
			await mailbox.close();
		}
	});

	test('a message without parts: its text, no attachment', () => {
		const mail = readMail({
			from: 'a@example.com',
			to: ['b@example.com'],
			raw: 'Subject: plain\r\nContent-Type: text/plain\r\n\r\nHello',
		});
		expect(mail).toMatchObject({ subject: 'plain', html: '', attachments: [] });
	});

	test('header parameters: quoted, plain, and RFC 2231 continuations with a percent-encoded charset', () => {
		expect(headerParameter('attachment; filename="a b.svg"', 'filename')).toBe('a b.svg');
		expect(headerParameter('image/svg+xml; name=c.svg', 'name')).toBe('c.svg');
		expect(
			headerParameter("attachment; filename*0*=utf-8''queue-%C3%A9; filename*1=-2.svg", 'filename'),
		).toBe('queue-é-2.svg');
		expect(headerParameter('attachment', 'filename')).toBeUndefined();
	});
});
