/**
 * Stand-in for n8n's Send Email node (v2.1, operation Send), so that the weekly digest example runs in-process
 * (`npm start`, the example tests) without a mail server: it reads what the real node reads for the
 * parameters the example sets (from, to, subject, the HTML body, the binary properties to attach), checks
 * that each attachment is there, and keeps the message in an in-memory outbox instead of sending it. Its
 * output item is the real node's (nodemailer's `accepted`, `rejected`, `envelope`, `messageId`, `response`)
 * plus `attachments` (each file's name, type and size), which the real node does not give. Anything else is
 * refused. In real n8n, the real node sends through its SMTP credential (the end-to-end test's: a loopback
 * mailbox, scripts/lib/mailbox.ts).
 */
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { describe, unsupported } from './standIn';
import type { DeliveredMail } from '../lib/mailbox';

/** A message as the mailbox of the real-n8n test reads one, so that one check reads both. */
export type SentMail = DeliveredMail;

/** The messages "sent" in this process, in order. */
export const OUTBOX: SentMail[] = [];

export class EmailSendStandIn implements INodeType {
	description = describe({
		displayName: 'Send Email',
		name: 'emailSend',
		version: [2, 2.1],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'hidden',
				default: 'send',
			},
			{ displayName: 'From Email', name: 'fromEmail', type: 'string', default: '' },
			{ displayName: 'To Email', name: 'toEmail', type: 'string', default: '' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
			{
				displayName: 'Email Format',
				name: 'emailFormat',
				type: 'options',
				options: [{ name: 'HTML', value: 'html' }],
				default: 'html',
			},
			{ displayName: 'HTML', name: 'html', type: 'string', default: '' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{
						displayName: 'Append n8n Attribution',
						name: 'appendAttribution',
						type: 'boolean',
						default: true,
					},
					{ displayName: 'Attachments', name: 'attachments', type: 'string', default: '' },
				],
			},
		],
	});

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		for (const [i, item] of this.getInputData().entries()) {
			if (this.getNodeParameter('emailFormat', i) !== 'html')
				unsupported(this, 'an email format other than HTML');
			const from = String(this.getNodeParameter('fromEmail', i));
			const to = String(this.getNodeParameter('toEmail', i))
				.split(',')
				.map((address) => address.trim())
				.filter((address) => address !== '');
			if (!from || to.length === 0)
				throw new NodeOperationError(this.getNode(), 'From Email and To Email are required', {
					itemIndex: i,
				});
			const names = String(this.getNodeParameter('options.attachments', i, ''))
				.split(',')
				.map((name) => name.trim())
				.filter((name) => name !== '');
			const attachments = [];
			for (const name of names) {
				// as the real node, a binary property the item lacks is left out, not an error
				if (!item.binary?.[name]) continue;
				const content = await this.helpers.getBinaryDataBuffer(i, name);
				attachments.push({
					fileName: item.binary[name].fileName ?? name,
					mimeType: item.binary[name].mimeType,
					content,
				});
			}
			const subject = String(this.getNodeParameter('subject', i));
			OUTBOX.push({
				from,
				to,
				subject,
				html: String(this.getNodeParameter('html', i)),
				attachments,
			});
			out.push({
				json: {
					accepted: to,
					rejected: [],
					envelope: { from, to },
					messageId: `<stand-in-${OUTBOX.length}@localhost>`,
					response: '250 kept by the in-process stand-in, not sent',
					attachments: attachments.map(({ fileName, mimeType, content }) => ({
						fileName,
						mimeType,
						size: content.length,
					})),
				},
				pairedItem: { item: i },
			});
		}
		return [out];
	}
}
