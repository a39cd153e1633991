// owned by comment-thread engineer
// Stub created by sandbox-core so the router has its seam; replace this file wholesale.
import type { SocialSetAccess } from '../access';
import type { Reply, RouteContext } from '../context';
import { notFound } from '../envelope';
import type { DraftRecord } from '../store';

/** What the router hands over for every path under .../drafts/{draft_id}/comment-threads. */
export interface CommentThreadTarget extends SocialSetAccess {
	/** the draft, already checked to exist in this social set */
	draft: DraftRecord;
	/** path segments after `comment-threads` (empty for the base path) */
	rest: string[];
}

export function handleCommentThreads(_ctx: RouteContext, _target: CommentThreadTarget): Reply | Promise<Reply> {
	throw notFound('Comment thread');
}
