/**
 * Reading an answer the node decides from, or failing closed. A 2xx answer that is not of the shape the spec
 * gives (no content, `{}`, another envelope, a field of another type, an HTML page or JSON cut short) is not
 * taken as "nothing there": the item (or the poll) stops with an error naming the request, what was expected and
 * what was found, and nothing is written or emitted from it. The texts of the answer quoted in the error are
 * bounded and without the credential's secrets (common/text/echo.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../text/echo';
import { secretsOf } from './caller';
import type { ApiContext, ApiRequest } from './request';
import { apiRequest } from './request';

/** What is wrong with an answer, in words: `where` it is wrong and what stands there. */
export type Problem = string;

/** A shape an answer must have: its description for the error, and the check that finds a problem. */
export interface AnswerShape {
	/** e.g. "a paged list (results: a list of objects, count: a whole number)" */
	expected: string;
	/** The first problem of `body`, or undefined when it has the shape. `say` quotes a value of the answer. */
	problem(body: unknown, say: (value: unknown) => string): Problem | undefined;
}

/** Characters of a value of the answer quoted in the error. */
const QUOTED = 60;

/** Keys of an object named at most when a field is missing. */
const KEYS_NAMED = 8;

export const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value's kind in words, with the value quoted: `text "3"`, `a list`, `an object`. */
export function kindOf(value: unknown, say: (value: unknown) => string): string {
	if (value === undefined) return 'missing';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return `text ${JSON.stringify(say(value))}`;
	return `${typeof value} ${say(value)}`;
}

/** What the whole answer is, when it is not an object with fields: empty, not JSON, a list, a value. */
function notAnObject(body: unknown, say: (value: unknown) => string): Problem | undefined {
	if (body === undefined || body === null || body === '') return 'the answer is empty (no content)';
	if (typeof body === 'string') return `the answer is not JSON: ${JSON.stringify(say(body))}`;
	if (Array.isArray(body)) return 'the answer is a list, not an object';
	if (!isRecord(body)) return `the answer is ${kindOf(body, say)}, not an object`;
	if (Object.keys(body).length === 0) return 'the answer is empty (no content, or {})';
	return undefined;
}

/** The first keys of an object, for an error that says a field is missing. */
function keysOf(body: IDataObject, say: (value: unknown) => string): string {
	const keys: string[] = [];
	for (const key in body) {
		if (keys.length === KEYS_NAMED) {
			keys.push('…');
			break;
		}
		if (Object.prototype.hasOwnProperty.call(body, key)) keys.push(say(key));
	}
	return keys.join(', ');
}

/** A whole number of at least 0 (an id past 2^53 is still one: JSON rounded it, and the reader knows). */
const isCount = (value: unknown) =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The paged envelope (spec: Paged envelope): `results` a list of objects, `count` a whole number when given
 * and `next` a text or null when given; each entry of `entry`'s shape, when given.
 */
export function pageShape(what: string, entry?: AnswerShape): AnswerShape {
	return {
		expected: `a paged list of ${what} (results: a list of ${entry ? entry.expected.replace(/^an? /, '') : 'objects'}, count: a whole number when given)`,
		problem(body, say) {
			const whole = notAnObject(body, say);
			if (whole) return whole;
			const page = body as IDataObject;
			if (!Array.isArray(page.results))
				return page.results === undefined
					? `results is missing (the answer has ${keysOf(page, say)})`
					: `results is ${kindOf(page.results, say)}, not a list`;
			if (page.count !== undefined && !isCount(page.count))
				return `count is ${kindOf(page.count, say)}, not a whole number`;
			if (page.next !== undefined && page.next !== null && typeof page.next !== 'string')
				return `next is ${kindOf(page.next, say)}, not a link or null`;
			const entries = page.results as unknown[];
			for (let i = 0; i < entries.length; i++) {
				if (!isRecord(entries[i]))
					return `results[${i}] is ${kindOf(entries[i], say)}, not an object`;
				const wrong = entry?.problem(entries[i], say);
				if (wrong) return `results[${i}]: ${wrong.replace(/^the answer/, 'the entry')}`;
			}
			return undefined;
		},
	};
}

/** Draft `status` values (spec: Draft detail). */
export const DRAFT_STATUSES = ['draft', 'scheduled', 'published', 'publishing', 'error', 'planned'];

/** A draft detail as far as a decision reads it: its `id` and `status` (spec: Draft detail, both required). */
export const draftShape: AnswerShape = {
	expected: 'a draft (id: a whole number, status: one of the six the spec lists)',
	problem(body, say) {
		const whole = notAnObject(body, say);
		if (whole) return whole;
		const draft = body as IDataObject;
		if (!isCount(draft.id)) return `id is ${kindOf(draft.id, say)}, not a whole number`;
		if (typeof draft.status !== 'string' || !DRAFT_STATUSES.includes(draft.status))
			return `status is ${kindOf(draft.status, say)}`;
		const state = draft.publish_state;
		if (state !== undefined && state !== null && typeof state !== 'string')
			return `publish_state is ${kindOf(state, say)}, not a text or null`;
		return undefined;
	},
};

/** The queue schedule as far as a decision reads it (spec: Queue schedule): its `timezone` and its `rules`. */
export const queueScheduleShape: AnswerShape = {
	expected: 'a queue schedule (timezone: a time zone name, rules: a list)',
	problem(body, say) {
		const whole = notAnObject(body, say);
		if (whole) return whole;
		const schedule = body as IDataObject;
		if (typeof schedule.timezone !== 'string' || schedule.timezone.trim() === '')
			return `timezone is ${kindOf(schedule.timezone, say)}, not a time zone name`;
		if (!Array.isArray(schedule.rules))
			return `rules is ${kindOf(schedule.rules, say)}, not a list`;
		return undefined;
	},
};

/**
 * One item of a queue view's day: `at` a time, `kind` a text, `draft` a summary or null. The spec names two kinds
 * (`queue_slot`, `custom_time`); a kind it does not name is listed as the service sent it and never counted as a
 * free slot (only a `queue_slot` without a draft is one), so a kind a later service adds is no reason to stop.
 */
function queueItemProblem(item: unknown, say: (value: unknown) => string): Problem | undefined {
	if (!isRecord(item)) return `is ${kindOf(item, say)}, not an object`;
	if (typeof item.at !== 'string' || Number.isNaN(Date.parse(item.at)))
		return `at is ${kindOf(item.at, say)}, not a date-time`;
	if (typeof item.kind !== 'string') return `kind is ${kindOf(item.kind, say)}, not a text`;
	if (item.draft !== null && !isRecord(item.draft))
		return `draft is ${kindOf(item.draft, say)}, not a draft or null`;
	return undefined;
}

/**
 * The queue view (spec: Queue view): `days` a list, each day with its `date` and its `items`, each item with
 * `at`, `kind` and `draft`. Free slots are read from it (Get Next Free Slots, Validate Only's next free slot) and
 * it is listed or drawn whole (Get Slots), so an answer of another shape stops the item naming it.
 */
export const queueViewShape: AnswerShape = {
	expected:
		'a queue view (days: a list of days, each with date and items; each item with at, kind and draft)',
	problem(body, say) {
		const whole = notAnObject(body, say);
		if (whole) return whole;
		const view = body as IDataObject;
		if (!Array.isArray(view.days)) return `days is ${kindOf(view.days, say)}, not a list`;
		const days = view.days as unknown[];
		for (let d = 0; d < days.length; d++) {
			const day = days[d];
			if (!isRecord(day)) return `days[${d}] is ${kindOf(day, say)}, not an object`;
			if (typeof day.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day.date))
				return `days[${d}].date is ${kindOf(day.date, say)}, not a date (YYYY-MM-DD)`;
			if (!Array.isArray(day.items))
				return `days[${d}].items is ${kindOf(day.items, say)}, not a list`;
			const items = day.items as unknown[];
			for (let i = 0; i < items.length; i++) {
				const wrong = queueItemProblem(items[i], say);
				if (wrong) return `days[${d}].items[${i}]${wrong.startsWith('is ') ? ' ' : '.'}${wrong}`;
			}
		}
		return undefined;
	},
};

/** Characters of a media id the node carries (the spec's are UUIDs, 36). */
const MEDIA_ID_LIMIT = 100;

/**
 * The answer to creating an upload (spec: Media, upload response): `media_id`, an id (letters, digits, `-` and
 * `_`, the spec's UUID among them), and `upload_url`, a text. The node sends the file to that URL and names the
 * media in its errors and requests: another answer stops the item naming it, before any byte is sent.
 */
export const mediaUploadShape: AnswerShape = {
	expected: 'an upload (media_id: a media id, upload_url: a text)',
	problem(body, say) {
		const whole = notAnObject(body, say);
		if (whole) return whole;
		const upload = body as IDataObject;
		const id = upload.media_id;
		if (typeof id !== 'string' || id.length > MEDIA_ID_LIMIT || !/^[\w-]+$/.test(id))
			return `media_id is ${kindOf(id, say)}, not a media id`;
		if (typeof upload.upload_url !== 'string' || upload.upload_url === '')
			return `upload_url is ${kindOf(upload.upload_url, say)}, not a text`;
		return undefined;
	},
};

/** The error of an answer that cannot be read: the request, what was expected, what was found. */
export async function answerError(
	context: ApiContext,
	request: ApiRequest,
	shape: AnswerShape,
	body: unknown,
): Promise<NodeOperationError> {
	const secrets = await secretsOf(context);
	const say = (value: unknown) => echo(value, QUOTED, secrets);
	const problem = shape.problem(body, say) ?? 'it could not be read';
	return new NodeOperationError(
		context.getNode(),
		`The service's answer to ${request.method} ${echo(request.path, 200, secrets)} could not be read: expected ${shape.expected}; ${problem}`,
		{
			itemIndex: request.itemIndex,
			description:
				'The node decides from this answer, so it stops here and writes or emits nothing from it. Run it again; if the answer stays so, the service (or a proxy before it) is not answering as the API specifies.',
		},
	);
}

/** Whether `body` has the shape (a check without quoting anything). */
export const hasShape = (shape: AnswerShape, body: unknown) =>
	shape.problem(body, () => '') === undefined;

/**
 * One request whose answer decides something (a check before a write, an event, an adoption): its answer
 * read in `shape`, or the request's error naming the answer.
 */
export async function readAnswer<T = IDataObject>(
	context: ApiContext,
	request: ApiRequest,
	shape: AnswerShape,
): Promise<T> {
	const body = await apiRequest<unknown>(context, request);
	if (!hasShape(shape, body)) throw await answerError(context, request, shape, body);
	return body as T;
}
