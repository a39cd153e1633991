/**
 * The weekly digest's example (examples/weekly-digest-calendar.json, docs/calendar-and-charts.md): what it needs
 * on the service before it runs (two drafts with hostile titles in the queue), and how to tell from the e-mail it
 * sent that it worked. One check for every run of it: `npm start` and the example tests read the message the Send
 * Email stand-in kept, the real-n8n end-to-end test the message n8n's Send Email node delivered over SMTP to a
 * loopback mailbox (scripts/lib/mailbox.ts). The oracle is the queue the sandbox holds, read over HTTP: every slot
 * of the week in the picture at its time, filled with its draft or free, the hostile titles drawn as text.
 */
import type { DeliveredMail } from '../lib/mailbox';
import { decodePng } from '../../test/nodes/SocialPublishing/helpers/pngDecode';
import { drawnSlots, moreLines } from '../../test/nodes/SocialPublishing/queue/calendarPicture';
import type { Example, Json, OutputOf, SandboxApi } from './catalog';
import { ensure, loadExample } from './catalog';

const SET = 101;
const FILE = 'weekly-digest-calendar.json';
const GET_SLOTS = 'Queue for the Next 7 Days';
const SEND_EMAIL = 'Email the Digest';

/** A title that is markup, an entity start and quotes: drawn, it must read as these characters. */
export const HOSTILE_TITLE = '<script>alert(1)</script> & "quotes"';
/** The long title's first words; it goes on to 10,000 characters, or to the longest title the service stores. */
const LONG_TITLE_START = 'A very long title, ';
const longTitle = (length: number) =>
	(LONG_TITLE_START + 'one more word and '.repeat(Math.ceil(length / 18))).slice(0, length);
/** Columns the calendar gives a title (nodes/SocialPublishing/helpers/queueCalendar.ts draws it cut to this). */
const TITLE_COLUMNS = 56;
/** Characters of a tooltip the picture keeps (svg.ts): no longer run of the long title may be in the picture. */
const TOOLTIP_MAX = 300;

const escapeXml = (text: string) =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');

/**
 * Two days from now at a time no queue rule of the seed uses (12:17 or 12:47 UTC): inside the week the digest shows
 * in any time zone, whether or not the week's slots are free (in real n8n the bulk import fills them first); the
 * queue view shows such a draft as a `custom_time` item of its day.
 */
const inTwoDays = (minute: number) => {
	const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
	return `${day}T12:${String(minute).padStart(2, '0')}:00Z`;
};

async function scheduleAt(api: SandboxApi, title: string, at: string) {
	return await api('POST', `/v2/social-sets/${SET}/drafts`, {
		draft_title: title,
		platforms: { x: { enabled: true, posts: [{ text: `Digest check: ${title.slice(0, 60)}` }] } },
		publish_at: at,
	});
}

/** The service refuses a title over its limit (spec: draft_title, max 512 characters, 422 VALIDATION_ERROR); the longest it stores then. */
async function scheduleLongTitle(api: SandboxApi): Promise<string> {
	const at = inTwoDays(47);
	const first = await scheduleAt(api, longTitle(10_000), at);
	if (first.status === 201)
		return `draft ${String(first.body.id)} with a 10,000-character title scheduled for ${at}`;
	const error = (first.body.error ?? {}) as Json;
	ensure(
		first.status === 422 && error.code === 'VALIDATION_ERROR',
		`a 10,000-character title should be stored (201) or refused as too long (422 VALIDATION_ERROR), answered ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`,
	);
	const stored = await scheduleAt(api, longTitle(512), at);
	ensure(
		stored.status === 201,
		`the 512-character title was refused: ${stored.status} ${JSON.stringify(stored.body).slice(0, 300)}`,
	);
	return `the service refuses a 10,000-character title (422 ${String(error.code)}); draft ${String(stored.body.id)} with the longest it stores, 512 characters, scheduled for ${at}`;
}

interface QueueItem {
	at: string;
	kind?: string;
	draft: (Json & { id: number; draft_title?: string | null; preview?: string | null }) | null;
}

/** The queue view of the week the digest shows, read from the sandbox. */
async function queueOfTheWeek(api: SandboxApi, first: string, last: string) {
	const { status, body } = await api(
		'GET',
		`/v2/social-sets/${SET}/queue?start_date=${first}&end_date=${last}`,
	);
	ensure(status === 200, `reading the queue from ${first} to ${last} answered ${status}`);
	const days = (body.days ?? []) as Array<{ date: string; items: QueueItem[] }>;
	ensure(
		Array.isArray(body.days) && days.every((day) => Array.isArray(day.items)),
		`the queue view should have days with items, got ${JSON.stringify(body).slice(0, 300)}`,
	);
	return days;
}

/** What a slot of the service must look like in the picture: filled with its draft, or free (past, once its time has gone). */
function compareSlot(
	drawn: ReturnType<typeof drawnSlots>[number],
	item: QueueItem,
	checkedAt: number,
): void {
	const where = `the slot at ${item.at}`;
	if (item.draft) {
		ensure(
			drawn.slot === 'filled' && drawn.draftId === String(item.draft.id),
			`${where} holds draft ${item.draft.id}; the picture draws it ${drawn.slot} with draft ${String(drawn.draftId)}`,
		);
		const title =
			[item.draft.draft_title, item.draft.preview].find(
				(text): text is string => typeof text === 'string' && text.trim() !== '',
			) ?? `Draft ${item.draft.id}`;
		const shown = drawn.texts[1] ?? '';
		const whole = title.replace(/\s+/g, ' ').trim();
		ensure(
			shown === whole ||
				(shown.endsWith('…') &&
					Array.from(shown).length <= TITLE_COLUMNS &&
					whole.startsWith(shown.slice(0, -1).trimEnd())),
			`${where}: the title should be drawn as "${whole.slice(0, 80)}" (cut to ${TITLE_COLUMNS} columns), is "${shown}"`,
		);
		return;
	}
	const past = Date.parse(item.at) <= checkedAt;
	ensure(
		drawn.slot === 'free' || (drawn.slot === 'past' && past),
		`${where} is free; the picture draws it "${drawn.slot}"`,
	);
	// a slot whose time passed between the run and this check may be drawn either way
	ensure(
		drawn.slot === 'past' || Date.parse(item.at) > checkedAt - 10 * 60_000,
		`${where} passed long ago; the picture draws it as free`,
	);
}

/** Every slot of the week in the picture, in order, the ones a full day leaves out counted on its "+N more" line. */
function compareWeek(svg: string, days: Awaited<ReturnType<typeof queueOfTheWeek>>) {
	const drawn = drawnSlots(svg);
	const more = moreLines(svg);
	const checkedAt = Date.now();
	let next = 0;
	let nextMore = 0;
	for (const day of days) {
		let hidden = { filled: 0, free: 0 };
		for (const item of day.items) {
			if (next < drawn.length && drawn[next].at === item.at && hidden.filled + hidden.free === 0) {
				compareSlot(drawn[next], item, checkedAt);
				next++;
			} else if (item.draft) hidden.filled++;
			else hidden.free++;
		}
		if (hidden.filled + hidden.free > 0) {
			const line = more[nextMore++];
			ensure(
				line?.more === hidden.filled + hidden.free &&
					line.filled === hidden.filled &&
					line.free === hidden.free,
				`${day.date}: ${hidden.filled} filled and ${hidden.free} free slots are not drawn; the picture's "+N more" line says ${JSON.stringify(line)}`,
			);
			hidden = { filled: 0, free: 0 };
		}
	}
	ensure(
		next === drawn.length && nextMore === more.length,
		`the picture draws ${drawn.length - next} slots and ${more.length - nextMore} "+N more" lines the queue does not hold`,
	);
	return drawn;
}

function hostileTitlesAsText(
	svg: string,
	drawn: ReturnType<typeof drawnSlots>,
	items: QueueItem[],
) {
	const hostile = items.find((item) => item.draft?.draft_title === HOSTILE_TITLE);
	const long = items.find((item) => item.draft?.draft_title?.startsWith(LONG_TITLE_START));
	ensure(
		hostile && long,
		`the week should hold the two drafts with hostile titles the set-up scheduled, holds ${items.filter((i) => i.draft).length} drafts`,
	);
	const slotOf = (item: QueueItem) => drawn.find((slot) => slot.draftId === String(item.draft?.id));
	ensure(
		slotOf(hostile)?.texts[1] === HOSTILE_TITLE,
		`the markup title should read as its characters, reads ${JSON.stringify(slotOf(hostile)?.texts)}`,
	);
	ensure(
		!/<script|<\/script/i.test(svg) && svg.includes(escapeXml(HOSTILE_TITLE)),
		'the markup title should be in the picture escaped, and no <script> element',
	);
	const title = long.draft?.draft_title ?? '';
	const shown = slotOf(long)?.texts[1] ?? '';
	ensure(
		shown.endsWith('…') && Array.from(shown).length <= TITLE_COLUMNS,
		`the ${title.length}-character title should be cut to ${TITLE_COLUMNS} columns with an ellipsis, is ${shown.length} long: "${shown.slice(0, 80)}"`,
	);
	ensure(
		!svg.includes(title.slice(0, TOOLTIP_MAX + 1)),
		`no more than ${TOOLTIP_MAX} characters of the ${title.length}-character title may be in the picture`,
	);
	return `hostile titles drawn as text: "${slotOf(hostile)?.texts[1]}" (escaped in the SVG, no element), the ${title.length}-character one as "${shown}"`;
}

/** The digest the run sent: to the example's address, with the calendar whose slots are the sandbox's queue. */
async function mailCheck(
	mails: DeliveredMail[],
	out: OutputOf,
	api: SandboxApi,
): Promise<string[]> {
	const node = loadExample(weeklyDigestExample).nodes.find((n) => n.name === SEND_EMAIL);
	const to = String(node?.parameters.toEmail ?? '');
	ensure(to !== '', `the example should name the address in "${SEND_EMAIL}"`);
	ensure(mails.length === 1, `one e-mail should be sent, ${mails.length} were`);
	const [mail] = mails;
	ensure(
		mail.to.length === 1 && mail.to[0] === to,
		`the digest should go to ${to}, went to ${JSON.stringify(mail.to)}`,
	);
	const dates = out(GET_SLOTS).map((day) => String(day.date));
	ensure(dates.length === 7, `Get Slots should put out 7 days, put out ${dates.length}`);
	const [first, last] = [dates[0], dates[6]];
	// PNG as the example draws it (what mail clients show); SVG when the run picked that Picture Format (the
	// end-to-end test does, to read each slot from the picture's text)
	const pictures = mail.attachments.filter(
		(file) => file.mimeType === 'image/png' || file.mimeType === 'image/svg+xml',
	);
	const extension = pictures[0]?.mimeType === 'image/svg+xml' ? 'svg' : 'png';
	const fileName = `queue-${SET}-${first}-${last}.${extension}`;
	ensure(
		mail.attachments.length === 1 && pictures.length === 1 && pictures[0].fileName === fileName,
		`the digest should carry ${fileName}, carries ${JSON.stringify(mail.attachments.map((a) => [a.fileName, a.mimeType, a.content.length]))}`,
	);
	const days = await queueOfTheWeek(api, first, last);
	ensure(
		days.length === 7 && days[0].date === first && days[6].date === last,
		`the sandbox's queue should have the 7 days from ${first} to ${last}, has ${days.map((d) => d.date).join(', ')}`,
	);
	const items = days.flatMap((day) => day.items);
	const filled = items.filter((item) => item.draft).length;
	ensure(
		mail.html.includes(`${filled} slots filled, ${items.length - filled} free`),
		`the body should count ${filled} filled and ${items.length - filled} free slots: ${mail.html.slice(0, 400)}`,
	);
	const sent = `e-mailed to ${mail.to.join(', ')}: "${mail.subject}" with ${fileName} (${pictures[0].content.length} bytes)`;
	if (extension === 'png') {
		const png = decodePng(pictures[0].content);
		ensure(
			png.width >= 600 && png.height >= 300,
			`the PNG should be a readable picture, is ${png.width}×${png.height}`,
		);
		return [sent, `a ${png.width}×${png.height} PNG, read back whole (every chunk's CRC checked)`];
	}
	const svg = pictures[0].content.toString('utf8');
	const drawn = compareWeek(svg, days);
	return [
		sent,
		`the picture draws the sandbox's queue from ${first} to ${last}: ${filled} filled and ${items.length - filled} free slots, each at its time (${drawn.length} drawn, ${items.length - drawn.length} counted on "+N more" lines)`,
		hostileTitlesAsText(svg, drawn, items),
	];
}

export const weeklyDigestExample: Example = {
	file: FILE,
	title: 'Weekly digest: the queue of the next 7 days as a calendar picture, e-mailed',
	mail: true,
	async setup(api) {
		const at = inTwoDays(17);
		const hostile = await scheduleAt(api, HOSTILE_TITLE, at);
		ensure(
			hostile.status === 201,
			`scheduling the draft answered ${hostile.status} ${JSON.stringify(hostile.body).slice(0, 300)}`,
		);
		return [
			`draft ${String(hostile.body.id)} titled ${JSON.stringify(HOSTILE_TITLE)} scheduled for ${at}`,
			await scheduleLongTitle(api),
		];
	},
	check(out) {
		const days = out(GET_SLOTS);
		ensure(days.length === 7, `Get Slots should put out 7 days, put out ${days.length}`);
		const sent = out(SEND_EMAIL);
		ensure(sent.length === 1, `"${SEND_EMAIL}" should put out one item, got ${sent.length}`);
		ensure(
			Array.isArray(sent[0].accepted) && sent[0].accepted.length === 1,
			`the mail server should accept one recipient, accepted ${JSON.stringify(sent[0].accepted)}`,
		);
		const items = days.flatMap((day) => (day.items ?? []) as Json[]);
		const filled = items.filter((item) => item.draft !== null).length;
		return [
			`Get Slots: ${days.length} days from ${String(days[0].date)}, ${filled} filled and ${items.length - filled} free slots; the mail server accepted ${String(sent[0].accepted)}`,
		];
	},
	mailCheck,
};
