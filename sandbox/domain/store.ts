/**
 * In-memory store of the sandbox: plain records, no behaviour.
 * Route modules read and write these maps directly; the comment-thread
 * engineer adds `commentThreads` to `Store` (see the marked spot below).
 */

import type { CommentThreadRecord } from './commentThreadRecords';
import type { AnyPlatform, PostPlatform } from './platforms';

export const ACCESS_LEVELS = ['READ', 'WRITE', 'PUBLISH', 'ADMIN'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const DRAFT_STATUSES = [
	'draft',
	'scheduled',
	'published',
	'publishing',
	'error',
	'planned',
] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export interface UserRecord {
	id: number;
	name: string;
	email: string;
	signupDate: Date;
	profileImageUrl: string | null;
}

export interface ApiKeyRecord {
	key: string;
	userId: number;
	label: string | null;
}

export interface PlatformAccount {
	platform: PostPlatform;
	username: string;
	name: string;
	profile_image_url: string;
	profile_url: string;
	followers_count?: number; // mastodon only
	server?: string; // mastodon only
}

/** Plan and account state, switchable through the admin route to reach 402/403 MONETIZATION_ERROR. */
export interface AccountState {
	paused: boolean;
	features: { communities: boolean; tags: boolean };
	draftLimit: number;
	quotaLimit: number;
	quotaUsed: number;
	/** Whether the social set detail reports `publishing_quota` (optional in the spec); true in the seed. */
	quotaReported: boolean;
}

export interface SocialSetRecord {
	id: number;
	name: string;
	username: string;
	profileImageUrl: string | null;
	team: { id: string; name: string } | null;
	timezone: string;
	platforms: Partial<Record<PostPlatform, PlatformAccount>>;
	/** user id -> access level */
	access: Map<number, AccessLevel>;
	account: AccountState;
}

/** Output-only copy of media data made at attach time (alt text rule 4). */
export interface AttachedMedia {
	media_id: string;
	alt_text: string | null;
	mime: string | null;
}

export interface PostRecord {
	text: string;
	media_ids?: string[];
	/** filled by the sandbox when the post is stored; never read from input */
	media?: AttachedMedia[];
	[field: string]: unknown;
}

export interface PostPlatformConfig {
	enabled: boolean;
	posts: PostRecord[];
	settings: Record<string, unknown>;
}

export interface XArticleConfig {
	enabled: boolean;
	content_markdown: string;
	cover_media_id: string | null;
}

export type PlatformsConfig = Partial<Record<PostPlatform, PostPlatformConfig>> & {
	x_article?: XArticleConfig;
};

export interface PublishResult {
	url: string | null;
	at: Date | null;
	failed: boolean;
}

export interface DraftRecord {
	id: number;
	socialSetId: number;
	status: DraftStatus;
	publishState: 'in_progress' | 'finished' | null;
	createdAt: Date;
	updatedAt: Date | null;
	scheduledDate: Date | null;
	/** true when the date came from `next-free-slot` (occupies a queue slot first) */
	slotted: boolean;
	publishedAt: Date | null;
	title: string | null;
	tags: string[];
	shareToken: string | null;
	scratchpad: string | null;
	platforms: PlatformsConfig;
	published: Partial<Record<AnyPlatform, PublishResult>>;
}

export interface MediaRecord {
	id: string;
	socialSetId: number;
	fileName: string;
	mime: string | null;
	altText: string | null;
	status: 'processing' | 'ready' | 'failed';
	errorReason: string | null;
	uploadExpiresAt: Date;
	uploaded: boolean;
	sizeBytes: number | null;
	createdAt: Date;
}

export interface TagRecord {
	slug: string;
	name: string;
	createdAt: Date;
}

export interface QueueRule {
	h: number;
	m: number;
	days: string[];
}

/** The engagement counts of one X post (spec: Analytics post, metrics.engagement). */
export interface EngagementCounts {
	likes: number;
	comments: number;
	shares: number;
	quotes: number;
	profile_clicks: number;
	link_clicks: number | null;
	saves: number | null;
}

export interface AnalyticsPostRecord {
	platform: 'x';
	post_id: string;
	created_at: string;
	preview_text: string;
	url: string;
	draft_id: number | null;
	is_reply: boolean;
	metrics: {
		impressions: number;
		/** The counts and their `total` (analyticsMetrics.ts makes it). */
		engagement: EngagementCounts & { total: number };
	};
}

export interface Store {
	users: Map<number, UserRecord>;
	apiKeys: Map<string, ApiKeyRecord>;
	socialSets: Map<number, SocialSetRecord>;
	drafts: Map<number, DraftRecord>;
	media: Map<string, MediaRecord>;
	/** social set id -> tags */
	tags: Map<number, TagRecord[]>;
	/** social set id -> rules; absent means "create defaults on GET" */
	queueSchedules: Map<number, QueueRule[]>;
	/** social set id -> posts (x only) */
	analyticsPosts: Map<number, AnalyticsPostRecord[]>;
	/** social set id -> (YYYY-MM-DD -> followers count or null) */
	followers: Map<number, Map<string, number | null>>;
	nextDraftId: number;
	/** thread id -> thread (see commentThreadRecords.ts) */
	commentThreads: Map<string, CommentThreadRecord>;
}

export function emptyStore(): Store {
	return {
		users: new Map(),
		apiKeys: new Map(),
		socialSets: new Map(),
		drafts: new Map(),
		media: new Map(),
		tags: new Map(),
		queueSchedules: new Map(),
		analyticsPosts: new Map(),
		followers: new Map(),
		nextDraftId: 1,
		commentThreads: new Map(),
	};
}

const LEVEL_RANK: Record<AccessLevel, number> = { READ: 1, WRITE: 2, PUBLISH: 3, ADMIN: 4 };

export function hasLevel(have: AccessLevel, need: AccessLevel): boolean {
	return LEVEL_RANK[have] >= LEVEL_RANK[need];
}
