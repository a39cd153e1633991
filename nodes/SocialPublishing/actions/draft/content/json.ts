import type { IExecuteFunctions, INodeProperties, IDataObject } from 'n8n-workflow';
import { checkPlatformsObject, paramError, parsePlatformsJson } from '../../../helpers/validation';

/** Platforms JSON: the raw platforms object of the API, sent as given (Create, and Update where it replaces the platforms named). */

export const platformsJsonField: INodeProperties = {
	displayName: 'Platforms JSON',
	name: 'platformsJson',
	type: 'json',
	default: '{\n  "x": { "enabled": true, "posts": [{ "text": "Hello" }], "settings": {} }\n}',
	required: true,
	description: 'The platforms object as the API specification defines it (Platform configuration)',
	displayOptions: { show: { contentType: ['json'] } },
};

/** The JSON parsed and checked against the rules on a whole platforms object, before any request. */
export function readPlatformsJson(
	context: IExecuteFunctions,
	itemIndex: number,
	forUpdate: boolean,
): IDataObject {
	const parsed = parsePlatformsJson(context.getNodeParameter('platformsJson', itemIndex, ''));
	if ('problem' in parsed) throw paramError(context, itemIndex, 'Platforms JSON', parsed.problem);
	const problem = checkPlatformsObject(parsed.platforms, !forUpdate);
	if (problem) throw paramError(context, itemIndex, 'Platforms JSON', problem);
	return parsed.platforms;
}
