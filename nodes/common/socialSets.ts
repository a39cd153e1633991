import type { ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { apiRequest } from './transport';
import { endpoints } from './transport/endpoints';
import { PAGE_SIZE_MAX } from './limits';

/** What the node and the poll trigger share about social sets: the locator field and its list search. */

/** The social set every social-set-scoped operation needs: pick from the list or give its ID. */
export const socialSetLocator: INodeProperties = {
	displayName: 'Social Set',
	name: 'socialSetId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The social set (account) to work in',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchSocialSets', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 101',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\d+$', errorMessage: 'A social set ID is a whole number' },
				},
			],
		},
	],
};

interface SocialSetListItem {
	id: number;
	name: string;
	username: string;
	team: { id: string; name: string } | null;
}

interface SocialSetPage {
	results: SocialSetListItem[];
	next: string | null;
	offset: number;
}

const PAGE = PAGE_SIZE_MAX;

/** Pages read at most in one call while a filter matches nothing, so a search finds sets beyond the first page. */
const MAX_FILTER_PAGES = 10;

function displayName(set: SocialSetListItem): string {
	return set.team
		? `${set.name} (@${set.username}, ${set.team.name})`
		: `${set.name} (@${set.username})`;
}

/**
 * Social sets for the resource locator, one page at a time, filtered by name, username or ID.
 * The API has no search, so a filter that matches nothing on a page reads on (bounded) before answering.
 */
export async function searchSocialSets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase();
	let offset = Number(paginationToken ?? 0) || 0;
	for (let pages = 1; ; pages++) {
		const page = await apiRequest<SocialSetPage>(this, {
			method: 'GET',
			path: endpoints.socialSets(),
			qs: { limit: PAGE, offset },
		});
		const results = (page.results ?? [])
			.filter(
				(set) => !needle || `${set.name} ${set.username} ${set.id}`.toLowerCase().includes(needle),
			)
			.map((set) => ({ name: displayName(set), value: String(set.id) }));
		offset += PAGE;
		const more = Boolean(page.next);
		if (results.length > 0 || !more || !needle || pages >= MAX_FILTER_PAGES) {
			return { results, paginationToken: more ? String(offset) : undefined };
		}
	}
}
