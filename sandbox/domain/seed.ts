import { DateTime } from 'luxon';
import {
	AccessLevel,
	AnalyticsPostRecord,
	PlatformAccount,
	SocialSetRecord,
	Store,
	emptyStore,
} from './store';
import { PostPlatform } from './platforms';
import { profilePosts } from './analyticsProfile';
import { postMetrics } from './analyticsMetrics';

/** Fixed seed values; tests and docs refer to these. */
export const SEED = {
	keys: {
		admin: 'sp_test_admin',
		publish: 'sp_test_publish',
		write: 'sp_test_write',
		read: 'sp_test_read',
		outsider: 'sp_test_outsider',
	},
	users: {
		admin: 1,
		publish: 2,
		write: 3,
		read: 4,
		outsider: 5,
	},
	socialSets: {
		personal: 101,
		team: 102,
		outsider: 103,
	},
	webhookSecret: 'whsec_sandbox_secret',
	tags: ['launch', 'weekly-tips'],
	queueRules: [
		{ h: 9, m: 30, days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
		{ h: 14, m: 0, days: ['mon', 'wed', 'fri'] },
		{ h: 11, m: 0, days: ['sat'] },
	],
	/** rules a GET of a missing schedule creates */
	defaultQueueRules: [
		{ h: 9, m: 0, days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
		{ h: 15, m: 0, days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
	],
	analyticsPostCount: 60,
	followersDays: 90,
	quotaLimit: 100,
} as const;

/** Which key has which access level on which set (for the CLI printout and docs). */
export const KEY_ACCESS: Record<keyof typeof SEED.keys, string> = {
	admin: 'ADMIN on 101 and 102',
	publish: 'PUBLISH on 101',
	write: 'WRITE on 101',
	read: 'READ on 101',
	outsider: 'ADMIN on 103 (seen by nobody else)',
};

function account(platform: PostPlatform, username: string, name: string): PlatformAccount {
	const base: PlatformAccount = {
		platform,
		username,
		name,
		profile_image_url: `https://images.sandbox.example/${platform}/${username}.png`,
		profile_url: profileUrl(platform, username),
	};
	if (platform === 'mastodon') return { ...base, followers_count: 1234, server: 'mastodon.social' };
	return base;
}

function profileUrl(platform: PostPlatform, username: string): string {
	switch (platform) {
		case 'x':
			return `https://x.com/${username}`;
		case 'linkedin':
			return `https://www.linkedin.com/in/${username}`;
		case 'mastodon':
			return `https://mastodon.social/@${username}`;
		case 'threads':
			return `https://www.threads.net/@${username}`;
		case 'bluesky':
			return `https://bsky.app/profile/${username}`;
		case 'substack':
			return `https://${username}.substack.com`;
	}
}

function socialSet(
	id: number,
	name: string,
	username: string,
	timezone: string,
	team: SocialSetRecord['team'],
	platforms: PostPlatform[],
	access: Array<[number, AccessLevel]>,
): SocialSetRecord {
	const accounts: SocialSetRecord['platforms'] = {};
	for (const p of platforms) {
		const handle = p === 'bluesky' ? `${username}.bsky.social` : username;
		accounts[p] = account(p, handle, name);
	}
	return {
		id,
		name,
		username,
		profileImageUrl: id === 103 ? null : `https://images.sandbox.example/sets/${id}.png`,
		team,
		timezone,
		platforms: accounts,
		access: new Map(access),
		account: {
			paused: false,
			features: { communities: true, tags: true },
			draftLimit: 1000,
			quotaLimit: SEED.quotaLimit,
			quotaUsed: 0,
			quotaReported: true,
		},
	};
}

/** Deterministic pseudo-random numbers so seeds are stable between runs. */
function rng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 0x100000000;
	};
}

function analyticsPosts(now: Date): AnalyticsPostRecord[] {
	const rand = rng(101);
	const posts: AnalyticsPostRecord[] = [];
	for (let i = 0; i < SEED.analyticsPostCount; i++) {
		const created = new Date(
			now.getTime() - (i * 2 + 1) * 86_400_000 + Math.floor(rand() * 3_600_000),
		);
		const isReply = i % 5 === 4;
		const likes = Math.floor(rand() * 200);
		const comments = Math.floor(rand() * 30);
		const shares = Math.floor(rand() * 20);
		const quotes = Math.floor(rand() * 5);
		const profileClicks = Math.floor(rand() * 15);
		const postId = String(1790000000000000000n + BigInt(i * 7919));
		posts.push({
			platform: 'x',
			post_id: postId,
			created_at: created.toISOString().replace(/\.\d{3}Z$/, 'Z'),
			preview_text: isReply
				? `Replying: thanks for the tip #${i}`
				: `Acme tip number ${i}: ship small, ship often`,
			url: `https://x.com/acme/status/${postId}`,
			draft_id: null,
			is_reply: isReply,
			metrics: postMetrics(500 + Math.floor(rand() * 20_000), {
				likes,
				comments,
				shares,
				quotes,
				profile_clicks: profileClicks,
				link_clicks: i % 3 === 0 ? null : Math.floor(rand() * 40),
				saves: i % 4 === 0 ? null : Math.floor(rand() * 10),
			}),
		});
	}
	return posts;
}

function followersSeries(now: Date, timezone: string): Map<string, number | null> {
	const series = new Map<string, number | null>();
	const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
	let count = 4200;
	for (let back = SEED.followersDays - 1; back >= 0; back--) {
		const day = today.minus({ days: back });
		count += ((back * 37) % 11) - 3;
		// one gap in the series: the API reports only days it has data for
		series.set(day.toISODate() as string, back === 45 ? null : count);
	}
	return series;
}

/** A fresh store holding the seed of the contract. `now` is the sandbox clock's time. */
export function createSeededStore(now: Date): Store {
	const store = emptyStore();
	const signup = new Date('2025-01-15T10:00:00Z');
	const userNames = ['Ada Admin', 'Pat Publisher', 'Wes Writer', 'Rae Reader', 'Otto Outsider'];
	userNames.forEach((name, i) => {
		const id = i + 1;
		store.users.set(id, {
			id,
			name,
			email: `${name.split(' ')[0].toLowerCase()}@acme.example`,
			signupDate: new Date(signup.getTime() + i * 86_400_000),
			profileImageUrl: id === 5 ? null : `https://images.sandbox.example/users/${id}.png`,
		});
	});
	const keyEntries = Object.entries(SEED.keys) as Array<[keyof typeof SEED.keys, string]>;
	for (const [role, key] of keyEntries) {
		store.apiKeys.set(key, {
			key,
			userId: SEED.users[role],
			label: role === 'outsider' ? null : `sandbox ${role} key`,
		});
	}
	const allSix: PostPlatform[] = ['x', 'linkedin', 'mastodon', 'threads', 'bluesky', 'substack'];
	store.socialSets.set(
		101,
		socialSet(101, 'Acme Personal', 'acme', 'Europe/Berlin', null, allSix, [
			[1, 'ADMIN'],
			[2, 'PUBLISH'],
			[3, 'WRITE'],
			[4, 'READ'],
		]),
	);
	store.socialSets.set(
		102,
		socialSet(
			102,
			'Acme Team',
			'acmeteam',
			'America/New_York',
			{ id: 'team_acme', name: 'Acme Inc.' },
			['x', 'linkedin'],
			[[1, 'ADMIN']],
		),
	);
	store.socialSets.set(
		103,
		socialSet(103, 'Outsider Corner', 'outsider', 'UTC', null, ['x', 'mastodon'], [[5, 'ADMIN']]),
	);
	store.tags.set(101, [
		{ slug: 'launch', name: 'Launch', createdAt: new Date('2025-02-01T09:00:00Z') },
		{ slug: 'weekly-tips', name: 'Weekly Tips', createdAt: new Date('2025-02-02T09:00:00Z') },
	]);
	store.tags.set(102, []);
	store.tags.set(103, []);
	store.queueSchedules.set(
		101,
		SEED.queueRules.map((r) => ({ h: r.h, m: r.m, days: [...r.days] })),
	);
	store.analyticsPosts.set(101, analyticsPosts(now));
	store.followers.set(101, followersSeries(now, 'Europe/Berlin'));
	// realistic posts for best times: 4 a day over 120 days, engagement peaking at 9:00 and 18:00 New York time
	store.analyticsPosts.set(102, profilePosts(102, 'acmeteam', 'America/New_York', now));
	return store;
}
