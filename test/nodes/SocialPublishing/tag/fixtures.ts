import { byId } from '../../../harness/workflows';

/** Parameters of Tag > Create for `name` on a social set (101 by default). */
export const create = (name: string, id = 101) => ({
	resource: 'tag',
	operation: 'create',
	socialSetId: byId(id),
	name,
});
