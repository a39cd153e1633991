import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { isPlatformOn } from '../../common/platformLists';

/**
 * Rules on platform content 5: "Reply drafts can be created, but publishing or scheduling replies through
 * the API is blocked (403 FORBIDDEN). Direct publishing of `x` drafts containing URLs is also blocked."
 * Pure checks of a `platforms` object, so the node can refuse before sending.
 */

/** What a request asks: publish now, or schedule (a date or the next free slot). */
export type PublishKind = 'publishNow' | 'schedule';

/** A URL as X links it: `http(s)://…` or `www.name.tld`. Bare domains are left to the service. */
const URL_IN_TEXT = /\bhttps?:\/\/\S|\bwww\.[a-z0-9-]+\.[a-z]/i;

export interface PolicyProblem {
	/** What is wrong, to follow "cannot be published now: " */
	problem: string;
	/** What to do instead. */
	instead: string;
}

export function hasUrl(text: string): boolean {
	return URL_IN_TEXT.test(text);
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rule-5 problem of publishing (`publishNow`) or scheduling (`schedule`) these platforms, if any. */
export function publishPolicyProblem(
	platforms: IDataObject,
	kind: PublishKind,
): PolicyProblem | undefined {
	const x = platforms.x;
	if (!isPlatformOn('x', x) || !isObject(x)) return undefined;
	const settings = isObject(x.settings) ? x.settings : {};
	if (typeof settings.reply_to_url === 'string' && settings.reply_to_url.trim() !== '') {
		return {
			problem: `it is an X reply (reply to ${settings.reply_to_url.trim()}), and the API blocks publishing or scheduling replies (Rules on platform content 5)`,
			instead:
				'Reply drafts can be saved and planned, not published or scheduled through the API: publish the reply from X itself, or remove the reply (Draft > Update with the option "X Reply To URL" added and left empty) to post it as a standalone post.',
		};
	}
	if (kind !== 'publishNow') return undefined;
	const posts = Array.isArray(x.posts) ? x.posts : [];
	const index = posts.findIndex(
		(post) => isObject(post) && typeof post.text === 'string' && hasUrl(post.text),
	);
	if (index === -1) return undefined;
	return {
		problem: `X post ${index + 1} contains a URL, and the API blocks direct publishing of X drafts with URLs (Rules on platform content 5)`,
		instead:
			'Schedule it instead: scheduling X posts with URLs is allowed (Draft > Schedule, or "Publish At" with a date or next-free-slot). Or remove the URL from the X text.',
	};
}

/**
 * Refuses, before the request, to publish now or schedule what Rules on platform content 5 blocks.
 * `subject` names the draft: "Draft 12", or "The draft" for one not created yet.
 */
export function checkPublishPolicy(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
	kind: PublishKind | undefined,
	subject: string,
): void {
	if (!kind) return;
	const found = publishPolicyProblem(platforms, kind);
	if (!found) return;
	const action = kind === 'publishNow' ? 'published now' : 'scheduled';
	throw new NodeOperationError(
		context.getNode(),
		`${subject} cannot be ${action}: ${found.problem} [item ${itemIndex}]`,
		{
			itemIndex,
			description: `${found.instead} Nothing was changed.`,
		},
	);
}
