import type { Resources } from './types';
import * as analytics from './analytics';
import * as comment from './comment';
import * as commentThread from './commentThread';
import * as draft from './draft';
import * as media from './media';
import * as queue from './queue';
import * as socialSet from './socialSet';
import * as tag from './tag';
import * as user from './user';

export const resources = {
	user,
	socialSet,
	draft,
	media,
	tag,
	queue,
	commentThread,
	comment,
	analytics,
} satisfies Resources;
