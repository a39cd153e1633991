import { resources } from '../../../../nodes/SocialPublishing/actions/resources';
import { writeOperations } from '../../../../nodes/SocialPublishing/actions/retry/writes';

describe('write operations', () => {
	const reads = new Set([
		'user.getCurrent',
		'socialSet.get',
		'socialSet.getMany',
		'socialSet.resolveLinkedInOrganization',
		'draft.get',
		'draft.getMany',
		'media.get',
		'tag.getMany',
		'queue.getSchedule',
		'queue.getSlots',
		'queue.getNextFreeSlots',
		'commentThread.getMany',
		'analytics.getPosts',
		'analytics.getFollowers',
	]);

	test('every operation is either a declared write or a known read, and every write exists', () => {
		const all = Object.entries(resources).flatMap(([resource, module]) =>
			Object.keys(module.operations).map((operation) => `${resource}.${operation}`),
		);
		const writes = Object.entries(writeOperations).flatMap(([resource, operations]) =>
			Object.keys(operations).map((operation) => `${resource}.${operation}`),
		);
		expect(writes.filter((name) => !all.includes(name))).toEqual([]);
		expect(all.filter((name) => !reads.has(name) && !writes.includes(name))).toEqual([]);
		expect(writes.filter((name) => reads.has(name))).toEqual([]);
		expect(writes).toHaveLength(17);
	});
});
