import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../../../common/socialSets';
import { getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { apiRequest } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import type { Access, OperationResult } from '../types';

const fields: INodeProperties[] = [
	socialSetLocator,
	{
		displayName: 'Organization URL',
		name: 'organizationUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://www.linkedin.com/company/acme/',
		description: 'Public LinkedIn company or school page to resolve',
		hint: 'Resolves one given URL; it is not a search. The result holds the mention text to paste into a LinkedIn post.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['socialSet'], operation: ['resolveLinkedInOrganization'] } },
	fields,
);

/** `linkedin.com/company/<name>` or `linkedin.com/school/<name>`, on www or a country subdomain, with or without https. */
const ORGANIZATION_URL =
	/^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/(?:company|school)\/[^/?#\s]+\/?(?:[?#]\S*)?$/i;

/** The URL as sent: trimmed, with https:// added when the scheme is left out. */
export function organizationUrlOf(raw: string): string | undefined {
	const text = raw.trim();
	if (!ORGANIZATION_URL.test(text)) return undefined;
	return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const raw = String(this.getNodeParameter('organizationUrl', itemIndex, '') ?? '');
	const organizationUrl = organizationUrlOf(raw);
	if (!organizationUrl) {
		throw paramError(
			this,
			itemIndex,
			'Organization URL',
			`must be a LinkedIn company or school page such as https://www.linkedin.com/company/acme/, got "${raw.trim()}"`,
		);
	}
	return await apiRequest(this, {
		method: 'GET',
		path: endpoints.linkedInOrganizationResolve(socialSetId),
		qs: { organization_url: organizationUrl },
		itemIndex,
	});
}

export const access: Access = { kind: 'read' };
