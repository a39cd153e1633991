import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../common/transport';
import { endpoints } from '../../common/transport/endpoints';

interface Tag {
	slug: string;
	name: string;
}

function socialSetIdFromParameters(context: ILoadOptionsFunctions): string | undefined {
	const locator = context.getCurrentNodeParameter('socialSetId', { extractValue: true }) as unknown;
	const id = String(locator ?? '').trim();
	return /^\d+$/.test(id) ? id : undefined;
}

/** Tags of the chosen social set, for the tag multi-selects. */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const socialSetId = socialSetIdFromParameters(this);
	if (!socialSetId) return [];
	const tags = await apiRequestAllItems<Tag>(this, {
		method: 'GET',
		path: endpoints.tags(socialSetId),
	});
	return tags.map((tag) => ({ name: tag.name, value: tag.slug, description: tag.slug }));
}
