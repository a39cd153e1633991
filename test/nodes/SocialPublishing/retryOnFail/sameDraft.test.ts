import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { PendingMedia } from '../../../../nodes/SocialPublishing/helpers/mediaSlots';
import {
	SCHEDULE_MARGIN_MS,
	draftDifference,
} from '../../../../nodes/SocialPublishing/actions/retryOnFail/sameDraft';

/**
 * The comparison Retry On Fail makes before adopting a draft for a Create whose answer was lost: the
 * Create body (media still to upload as pending slots) against a Draft detail as the service gives it back.
 */

const MEDIA = '3f1c2a9e-0b7d-4c1e-9a4f-2d6e8b1c0a57';
const AT = '2030-06-01T09:30:00.000Z';

function body(): IDataObject {
	return {
		platforms: {
			x: {
				enabled: true,
				posts: [
					{ text: 'one', media_ids: [MEDIA, new PendingMedia({ binaryProperty: 'data' })] },
					{ text: 'two', made_with_ai: true },
				],
				settings: { share_with_followers: true },
			},
			linkedin: { enabled: false, posts: [{ text: 'off' }], settings: {} },
		},
		draft_title: 'Title',
		tags: ['launch', 'weekly-tips'],
		share: true,
		scratchpad_text: '**note**',
		publish_at: AT,
	};
}

/** The detail the service answers for that body: ids in, echoes and defaults as the spec allows. */
function detail(): IDataObject {
	return {
		id: 7,
		status: 'scheduled',
		publish_state: null,
		scheduled_date: '2030-06-01T09:30:00Z',
		draft_title: 'Title',
		tags: ['weekly-tips', 'launch'],
		share_url: 'https://service.example/share/abc',
		scratchpad_text: 'note',
		platforms: {
			x: {
				enabled: true,
				posts: [
					{
						text: 'one',
						media_ids: [MEDIA.toUpperCase(), 'aaaaaaaa-0b7d-4c1e-9a4f-2d6e8b1c0a57'],
						media: [{ media_id: MEDIA }, { media_id: 'aaaaaaaa-0b7d-4c1e-9a4f-2d6e8b1c0a57' }],
					},
					{ text: 'two', made_with_ai: true, subscribers_only: false, quote_post_url: null },
				],
				settings: { share_with_followers: true, community_id: '' },
			},
			linkedin: { enabled: false, posts: [{ text: 'something else' }], settings: {} },
		},
	};
}

type Change = (draft: IDataObject) => void;
const x = (draft: IDataObject) =>
	(draft.platforms as IDataObject).x as { posts: IDataObject[]; settings: IDataObject };

describe('draftDifference', () => {
	test('the draft the body made matches, with the echoes the service may give', () => {
		expect(draftDifference(body(), detail())).toBeUndefined();
	});

	test('media given back only as `media` objects still count', () => {
		const draft = detail();
		delete x(draft).posts[0].media_ids;
		expect(draftDifference(body(), draft)).toBeUndefined();
	});

	const changes: Array<[string, Change, string]> = [
		['another title', (d) => (d.draft_title = 'Other'), 'draft_title'],
		['no title', (d) => (d.draft_title = null), 'draft_title'],
		['other tags', (d) => (d.tags = ['launch']), 'tags'],
		['one more tag', (d) => (d.tags = ['launch', 'weekly-tips', 'extra']), 'tags'],
		['not shared', (d) => (d.share_url = null), 'share'],
		['no scratchpad', (d) => (d.scratchpad_text = null), 'scratchpad_text'],
		['another text', (d) => (x(d).posts[1].text = 'TWO'), 'x post 2 text'],
		['one post fewer', (d) => x(d).posts.pop(), 'x post count'],
		[
			'one medium fewer',
			(d) => {
				x(d).posts[0].media_ids = [MEDIA];
				delete x(d).posts[0].media;
			},
			'x post 1 media',
		],
		[
			'another known medium',
			(d) => ((x(d).posts[0].media_ids as string[])[0] = 'bbbbbbbb-0b7d-4c1e-9a4f-2d6e8b1c0a57'),
			'x post 1 media',
		],
		['a post option unset', (d) => (x(d).posts[1].made_with_ai = false), 'x post 2 options'],
		['a post option more', (d) => (x(d).posts[0].paid_partnership = true), 'x post 1 options'],
		['another setting', (d) => (x(d).settings.community_id = '42'), 'x settings'],
		[
			'a platform more',
			(d) => ((d.platforms as IDataObject).mastodon = { enabled: true, posts: [] }),
			'platforms',
		],
		['a plain draft', (d) => ((d.status = 'draft'), (d.scheduled_date = null)), 'status'],
		['planned, not scheduled', (d) => (d.status = 'planned'), 'status'],
		[
			'scheduled beyond the margin',
			(d) =>
				(d.scheduled_date = new Date(Date.parse(AT) + SCHEDULE_MARGIN_MS + 1000).toISOString()),
			'status',
		],
	];
	test.each(changes.map(([name, change, field]) => [name, field, change] as const))(
		'%s: differs in %s',
		(_name, field, change) => {
			const draft = detail();
			change(draft);
			expect(draftDifference(body(), draft)).toBe(field);
		},
	);

	test('the lifecycle asked: a plain draft, publish now, next free slot, a plan', () => {
		const plain = { ...body(), publish_at: undefined };
		expect(draftDifference(plain, { ...detail(), status: 'draft' })).toBeUndefined();
		expect(
			draftDifference(plain, { ...detail(), status: 'draft', publish_state: 'in_progress' }),
		).toBe('status');
		const now = { ...body(), publish_at: 'now' };
		expect(
			draftDifference(now, { ...detail(), status: 'draft', publish_state: 'in_progress' }),
		).toBeUndefined();
		expect(
			draftDifference(now, { ...detail(), status: 'published', publish_state: 'finished' }),
		).toBeUndefined();
		expect(draftDifference(now, { ...detail(), status: 'draft' })).toBe('status');
		const slot = { ...body(), publish_at: 'next-free-slot' };
		expect(
			draftDifference(slot, { ...detail(), scheduled_date: '2031-01-01T00:00:00Z' }),
		).toBeUndefined();
		const plan = { ...body(), publish_at: undefined, plan_at: AT };
		expect(draftDifference(plan, { ...detail(), status: 'planned' })).toBeUndefined();
		expect(draftDifference(plan, detail())).toBe('status');
	});

	test('an X Article: markdown and cover (a cover still to upload matches any cover)', () => {
		const article = (cover: unknown): IDataObject => ({
			platforms: { x_article: { content_markdown: '# Hi', cover_media_id: cover } },
		});
		const theirs = (cover: unknown, markdown = '# Hi'): IDataObject => ({
			status: 'draft',
			publish_state: null,
			platforms: { x_article: { content_markdown: markdown, cover_media_id: cover } },
		});
		const pending = new PendingMedia({ binaryProperty: 'cover' });
		expect(draftDifference(article(pending), theirs(MEDIA))).toBeUndefined();
		expect(draftDifference(article(pending), theirs(null))).toBe('x_article cover_media_id');
		expect(draftDifference(article(MEDIA), theirs(MEDIA.toUpperCase()))).toBeUndefined();
		expect(draftDifference(article(null), theirs(MEDIA))).toBe('x_article cover_media_id');
		expect(draftDifference(article(null), theirs(null, '# Ho'))).toBe('x_article content_markdown');
	});

	test('generated posts: a draft matches its own body, and any changed text, option or media count is found', () => {
		const post = fc.record({
			text: fc.string({ maxLength: 20 }),
			media: fc.nat({ max: 4 }),
			madeWithAi: fc.boolean(),
		});
		fc.assert(
			fc.property(
				fc.array(post, { minLength: 1, maxLength: 6 }),
				fc.nat(),
				fc.nat({ max: 2 }),
				(posts, at, what) => {
					const ours: IDataObject = {
						platforms: {
							bluesky: {
								enabled: true,
								posts: posts.map((p) => ({
									text: p.text,
									...(p.media
										? {
												media_ids: Array.from(
													{ length: p.media },
													() => new PendingMedia({ binaryProperty: 'f' }),
												),
											}
										: {}),
									...(p.madeWithAi ? { made_with_ai: true } : {}),
								})),
								settings: {},
							},
						},
					};
					const echo = (list: typeof posts): IDataObject => ({
						status: 'draft',
						publish_state: null,
						tags: [],
						platforms: {
							bluesky: {
								enabled: true,
								posts: list.map((p) => ({
									text: p.text,
									media: Array.from({ length: p.media }, (_, i) => ({ media_id: `m${i}` })),
									made_with_ai: p.madeWithAi,
								})),
								settings: {},
							},
						},
					});
					expect(draftDifference(ours, echo(posts))).toBeUndefined();
					const index = at % posts.length;
					const changed = posts.map((p, i) =>
						i !== index
							? p
							: what === 0
								? { ...p, text: `${p.text}!` }
								: what === 1
									? { ...p, madeWithAi: !p.madeWithAi }
									: { ...p, media: p.media + 1 },
					);
					expect(draftDifference(ours, echo(changed))).toBe(
						`bluesky post ${index + 1} ${['text', 'options', 'media'][what]}`,
					);
				},
			),
		);
	});
});
