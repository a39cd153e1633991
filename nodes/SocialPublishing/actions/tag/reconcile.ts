import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../../common/transport';
import { endpoints } from '../../../common/transport/endpoints';
import { foldCase } from '../../helpers/validation';
import { getSocialSetId } from '../params';
import type { OperationResult } from '../types';

/** Tag Create: a tag of that name (names are unique per social set) is the one an earlier try made. */
export async function reconcileTag(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult | undefined> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const name = String(this.getNodeParameter('name', itemIndex, '') ?? '').trim();
	const tags = await apiRequestAllItems<IDataObject>(this, {
		method: 'GET',
		path: endpoints.tags(socialSetId),
		itemIndex,
	});
	return tags.find((tag) => foldCase(String(tag.name)) === foldCase(name));
}
