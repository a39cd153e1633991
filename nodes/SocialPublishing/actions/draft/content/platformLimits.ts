import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { PostPlatform } from '../../../../common/platforms';
import { isPostPlatform, platformName } from '../../../../common/platformLists';
import { paramError } from '../../../helpers/validation';
import { POST_PLATFORM_OPTIONS } from '../../descriptions/platformPickers';

/** A Content Options list of one number per platform (Length Limits, Media Limits). */
export interface PlatformLimitsSpec {
	displayName: string;
	name: string;
	description: string;
	contentTypes: string[];
	defaultPlatform: PostPlatform;
	valueDisplayName: string;
	valueName: string;
	valueDefault: number;
	valueDescription: string;
}

export function platformLimitsField(spec: PlatformLimitsSpec): INodeProperties {
	// Plain names: the lint rule on defaults reads literals and names only.
	const { defaultPlatform, valueDefault } = spec;
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Limit',
		default: {},
		description: spec.description,
		displayOptions: { show: { '/contentType': spec.contentTypes } },
		options: [
			{
				displayName: 'Limit',
				name: 'limit',
				values: [
					{
						displayName: 'Platform',
						name: 'platform',
						type: 'options',
						options: POST_PLATFORM_OPTIONS,
						default: defaultPlatform,
					},
					{
						displayName: spec.valueDisplayName,
						name: spec.valueName,
						type: 'number',
						typeOptions: { minValue: 0 },
						default: valueDefault,
						description: spec.valueDescription,
					},
				],
			},
		],
	};
}

/**
 * The limits one item sets, by platform: a platform named twice, an unknown platform or a value that is not a
 * whole number of at least 0 is refused naming the parameter.
 */
export function readPlatformLimits(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	spec: Pick<PlatformLimitsSpec, 'displayName' | 'name' | 'valueName'>,
): Partial<Record<PostPlatform, number>> {
	const overrides: Partial<Record<PostPlatform, number>> = {};
	const entries = ((options[spec.name] as IDataObject | undefined)?.limit ?? []) as IDataObject[];
	for (const entry of entries) {
		const platform = String(entry.platform ?? '');
		const value = entry[spec.valueName];
		const limit = Number(value);
		if (!isPostPlatform(platform))
			throw paramError(
				context,
				itemIndex,
				spec.displayName,
				`names an unknown platform "${platform}"`,
			);
		if (platform in overrides)
			throw paramError(
				context,
				itemIndex,
				spec.displayName,
				`sets the limit of ${platformName(platform)} twice`,
			);
		if (!Number.isInteger(limit) || limit < 0)
			throw paramError(
				context,
				itemIndex,
				spec.displayName,
				`sets ${platformName(platform)} to "${String(value)}"; a limit is a whole number, 0 for no check`,
			);
		overrides[platform] = limit;
	}
	return overrides;
}
