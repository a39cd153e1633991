import { endpoints } from '../../../../nodes/common/transport/endpoints';

const THREAD = '0f8fad5b-d9cb-469f-a165-70867728950e';
const COMMENT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const MEDIA = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';

/** The path of the API specification's Endpoints tables, its placeholders filled with the ids above. */
function fill(specPath: string): string {
	return specPath
		.replace('{social_set_id}', '101')
		.replace('{draft_id}', '7')
		.replace('{comment_thread_id}', THREAD)
		.replace('{comment_id}', COMMENT)
		.replace('{media_id}', MEDIA)
		.replace('{platform}', 'x');
}

const THREADS = '/v2/social-sets/{social_set_id}/drafts/{draft_id}/comment-threads';

/** Every endpoint function, with the path it must give as written in the specification's Endpoints section. */
const cases: Array<[keyof typeof endpoints, string, string]> = [
	['me', endpoints.me(), '/v2/me'],
	['socialSets', endpoints.socialSets(), '/v2/social-sets'],
	['socialSet', endpoints.socialSet(101), '/v2/social-sets/{social_set_id}/'],
	[
		'linkedInOrganizationResolve',
		endpoints.linkedInOrganizationResolve(101),
		'/v2/social-sets/{social_set_id}/linkedin/organizations/resolve',
	],
	['drafts', endpoints.drafts(101), '/v2/social-sets/{social_set_id}/drafts'],
	['draft', endpoints.draft(101, 7), '/v2/social-sets/{social_set_id}/drafts/{draft_id}'],
	['commentThreads', endpoints.commentThreads(101, 7), THREADS],
	['commentThread', endpoints.commentThread(101, 7, THREAD), `${THREADS}/{comment_thread_id}`],
	[
		'threadComments',
		endpoints.threadComments(101, 7, THREAD),
		`${THREADS}/{comment_thread_id}/comments`,
	],
	[
		'threadComment',
		endpoints.threadComment(101, 7, THREAD, COMMENT),
		`${THREADS}/{comment_thread_id}/comments/{comment_id}`,
	],
	[
		'threadResolve',
		endpoints.threadResolve(101, 7, THREAD),
		`${THREADS}/{comment_thread_id}/resolve`,
	],
	['mediaUpload', endpoints.mediaUpload(101), '/v2/social-sets/{social_set_id}/media/upload'],
	['media', endpoints.media(101, MEDIA), '/v2/social-sets/{social_set_id}/media/{media_id}'],
	['tags', endpoints.tags(101), '/v2/social-sets/{social_set_id}/tags'],
	['queueSchedule', endpoints.queueSchedule(101), '/v2/social-sets/{social_set_id}/queue/schedule'],
	['queue', endpoints.queue(101), '/v2/social-sets/{social_set_id}/queue'],
	[
		'analyticsPosts',
		endpoints.analyticsPosts(101, 'x'),
		'/v2/social-sets/{social_set_id}/analytics/{platform}/posts',
	],
	[
		'analyticsFollowers',
		endpoints.analyticsFollowers(101, 'x'),
		'/v2/social-sets/{social_set_id}/analytics/{platform}/followers',
	],
];

describe('endpoints: one path per row of the Endpoints section', () => {
	test.each(cases)('%s gives %s', (_name, path, specPath) => {
		expect(path).toBe(fill(specPath));
	});

	test('every endpoint function is in the table above', () => {
		expect(Object.keys(endpoints).sort()).toEqual(cases.map(([name]) => name).sort());
	});

	test('an id given as text gives the same path as the number (the poll trigger keeps its ID as text)', () => {
		expect(endpoints.drafts('101')).toBe(endpoints.drafts(101));
		expect(endpoints.draft('101', '7')).toBe(endpoints.draft(101, 7));
	});
});
