import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../descriptions';
import { apiRequest } from '../../transport';
import { getSocialSetId } from '../../helpers/params';
import type { OperationResult } from '../types';
import { contentFields } from './contentFields';
import { draftFields } from './fields';
import { readDraftFields } from './draftBody';
import { readContent } from './readContent';
import { draftsPath } from './requests';
import { tagNamesStep } from './tagNames';

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['draft'], operation: ['create'] } }, [
	socialSetLocator,
	...contentFields(false),
	draftFields(false),
]);

/** Every rule is checked first; then the time zone (only for a date without offset), the uploads, and one POST. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const content = readContent(this, itemIndex, socialSetId, false);
	const fields = readDraftFields(this, itemIndex, socialSetId, false);
	const tags = await tagNamesStep(this, itemIndex, socialSetId, fields.tagNames, fields.body);
	const dates = await fields.dates();
	const platforms = content ? await content.platforms() : {};
	return await apiRequest(this, {
		method: 'POST',
		path: draftsPath(socialSetId),
		body: { platforms, ...fields.body, ...(await tags()), ...dates },
		itemIndex,
	});
}
