import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { apiRequest } from '../transport';

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

const PAGE = 50;

/** Social sets for the resource locator: one page at a time, filtered by name or username. */
export async function searchSocialSets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const page = await apiRequest<SocialSetPage>(this, { method: 'GET', path: '/v2/social-sets', qs: { limit: PAGE, offset } });
	const needle = filter?.trim().toLowerCase();
	const results = (page.results ?? [])
		.filter((set) => !needle || `${set.name} ${set.username} ${set.id}`.toLowerCase().includes(needle))
		.map((set) => ({
			name: set.team ? `${set.name} (@${set.username}, ${set.team.name})` : `${set.name} (@${set.username})`,
			value: String(set.id),
		}));
	return { results, paginationToken: page.next ? String(offset + PAGE) : undefined };
}
