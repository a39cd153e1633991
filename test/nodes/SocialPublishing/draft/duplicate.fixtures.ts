import type { IDataObject } from 'n8n-workflow';
import type { SandboxFixture } from '../../../harness/sandbox';
import { readyMediaId } from '../media/fixtures';
import { api, draftParams, seedDraft, seedTags } from './fixtures';

/** Draft > Duplicate's parameters for one source draft of social set 101. */
export const duplicateParams = (draftId: unknown, extra: IDataObject = {}) =>
	draftParams('duplicate', { draftId: String(draftId), ...extra });

/** Reads a draft straight from the service (without comment markers). */
export async function readDraft(fx: SandboxFixture, id: unknown): Promise<IDataObject> {
	const { status, body } = await api(
		fx,
		'GET',
		`/v2/social-sets/101/drafts/${String(id)}?exclude_comment_markers=true`,
	);
	if (status !== 200) throw new Error(`reading draft ${String(id)}: ${status}`);
	return body;
}

/**
 * A source with everything a copy keeps: an X thread of two posts (one with two media, post fields set),
 * X settings, a LinkedIn post with a medium and hide_link_preview, a Mastodon post turned off, a title, a
 * scratchpad, two tags and a share link (which the copy does not get).
 */
export async function richSource(fx: SandboxFixture): Promise<IDataObject> {
	const [first, second] = [
		await readyMediaId(fx, 'one.png', 'First alt'),
		await readyMediaId(fx, 'two.png', 'Second alt'),
	];
	await seedTags(fx, 101, ['Evergreen']);
	return await seedDraft(fx, {
		draft_title: 'Rich source',
		scratchpad_text: 'notes for the team',
		tags: ['launch', 'evergreen'],
		share: true,
		platforms: {
			x: {
				enabled: true,
				posts: [
					{
						text: 'First post of the thread',
						media_ids: [first, second],
						made_with_ai: true,
						reply_settings: 'following',
					},
					{ text: 'Second post', quote_post_url: 'https://x.com/acme/status/1' },
				],
				settings: { share_with_followers: true, community_id: '1234' },
			},
			linkedin: {
				enabled: true,
				posts: [{ text: 'On LinkedIn', media_ids: [first], hide_link_preview: true }],
				settings: {},
			},
			mastodon: { enabled: false, posts: [{ text: 'Off on Mastodon' }], settings: {} },
		},
	});
}

/** The parts of a draft a copy must have equal to its source: each platform's posts (media by id), settings, flags. */
export function content(draft: IDataObject): IDataObject {
	const platforms = draft.platforms as Record<string, IDataObject>;
	const out: IDataObject = {};
	for (const [key, config] of Object.entries(platforms)) {
		out[key] = {
			enabled: config.enabled,
			settings: config.settings,
			posts: (config.posts as IDataObject[]).map((post) => {
				const { media, ...rest } = post;
				return {
					...rest,
					media: (media as IDataObject[]).map((m) => ({ id: m.media_id, alt: m.alt_text })),
				};
			}),
		};
	}
	return out;
}
