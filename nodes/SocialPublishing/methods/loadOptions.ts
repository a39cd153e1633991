import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
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

/** What the Tags list says when no social set is chosen (n8n shows a list's error where the options would be). */
export const NO_SOCIAL_SET_FOR_TAGS =
	'Choose a Social Set first: the tags listed are those of one social set. With a Social Set from an expression, type the tag names in Tag Names instead';

/**
 * Tags of the chosen social set, for the tag multi-selects. Without a social set (or with one from an
 * expression, which the editor cannot resolve) there is nothing to list: the list says so, with no request.
 */
export async function getTags(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const socialSetId = socialSetIdFromParameters(this);
	if (!socialSetId) throw new NodeOperationError(this.getNode(), NO_SOCIAL_SET_FOR_TAGS);
	const tags = await apiRequestAllItems<Tag>(this, {
		method: 'GET',
		path: endpoints.tags(socialSetId),
	});
	return tags.map((tag) => ({ name: tag.name, value: tag.slug, description: tag.slug }));
}
