import type { AnyPlatform } from './platforms';

/** One comment as stored; `userId` is the author. */
export interface CommentRecord {
	id: string;
	text: string;
	userId: number;
	createdAt: Date;
}

/** A comment thread as stored; `comments[0]` is the root comment and its author is the thread author. */
export interface CommentThreadRecord {
	id: string;
	draftId: number;
	platform: AnyPlatform;
	/** index of the post the thread was anchored in at creation (0 for x_article) */
	postIndex: number;
	status: 'unresolved' | 'resolved';
	selectedText: string | null;
	authorId: number;
	createdAt: Date;
	comments: CommentRecord[];
}
