import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { socialSetLocator } from '../descriptions';
import { paramError } from '../../helpers/params';
import type { OperationResult } from '../types';
import { contentFields } from './contentFields';
import { draftFields, draftIdField, excludeMarkersOption } from './fields';
import { readDraftFields } from './draftBody';
import { readContent } from './readContent';
import { getDraft, getDraftTarget, patchDraft } from './requests';
import { tagNamesStep } from './tagNames';

export const description: INodeProperties[] = updateDisplayOptions({ show: { resource: ['draft'], operation: ['update'] } }, [
	socialSetLocator,
	draftIdField,
	...contentFields(true),
	draftFields(true),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			excludeMarkersOption,
			{
				displayName: 'Force Overwrite Comments',
				name: 'forceOverwriteComments',
				type: 'boolean',
				default: false,
				description:
					'Whether to accept text that drops comment-thread markers: the service then resolves those threads and removes their anchors. Off, such an update fails and lists the missing markers.',
			},
		],
	},
]);

/** Partial update: only what is set is sent; only the platforms supplied are replaced. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const target = getDraftTarget(this, itemIndex);
	const content = readContent(this, itemIndex, target.socialSetId, true);
	const fields = readDraftFields(this, itemIndex, target.socialSetId, true);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const body: IDataObject = { ...fields.body };
	if (options.forceOverwriteComments === true) body.force_overwrite_comments = true;
	if (!content && Object.keys(body).length === 0 && !fields.hasDates && !fields.tagNames) {
		throw paramError(this, itemIndex, 'Update Fields', 'is empty and the content is kept; there is nothing to update');
	}
	const tags = await tagNamesStep(this, itemIndex, target.socialSetId, fields.tagNames, body, async () => (await getDraft(this, itemIndex, target)).tags);
	const dates = await fields.dates();
	if (content) body.platforms = await content.platforms();
	Object.assign(body, await tags());
	const qs = options.excludeCommentMarkers === true ? { exclude_comment_markers: true } : undefined;
	return await patchDraft(this, itemIndex, target, { ...body, ...dates }, qs);
}
