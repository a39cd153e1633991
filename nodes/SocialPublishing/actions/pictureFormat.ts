import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import type { Picture, PictureFormat } from '../helpers/picture';
import { paramError } from '../helpers/validation';
import { echo } from '../../common/text/echo';

/**
 * Picture Format (`pictureFormat`), the option of every operation that draws a picture (Analytics > Get Best
 * Times, Get Followers, Get Posts; Queue > Get Slots, Get Next Free Slots), and the picture as binary data.
 */

export const PICTURE_FORMAT_DEFAULT: PictureFormat = 'png';

export const pictureFormatOption: INodeProperties = {
	displayName: 'Picture Format',
	name: 'pictureFormat',
	type: 'options',
	options: [
		{
			name: 'PNG',
			value: 'png',
			description: "Shows in n8n's binary view and in e-mail",
		},
		{
			name: 'SVG',
			value: 'svg',
			description: 'Scales without blur; n8n offers it only as a download',
		},
	],
	default: PICTURE_FORMAT_DEFAULT,
	description: 'How the picture on the first item is written',
};

/** The item's Picture Format; any other value stops the item naming the parameter, before any request. */
export function getPictureFormat(context: IExecuteFunctions, itemIndex: number): PictureFormat {
	const raw = context.getNodeParameter(
		`options.${pictureFormatOption.name}`,
		itemIndex,
		PICTURE_FORMAT_DEFAULT,
	) as unknown;
	if (raw === 'png' || raw === 'svg') return raw;
	throw paramError(
		context,
		itemIndex,
		pictureFormatOption.displayName,
		`must be PNG or SVG, got ${echo(raw, 40)}`,
	);
}

/** A picture as the binary data of an item: its file named `base` with the format's extension. */
export async function pictureBinary(
	context: IExecuteFunctions,
	picture: Picture,
	base: string,
): Promise<INodeExecutionData['binary']> {
	return {
		data: await context.helpers.prepareBinaryData(
			Buffer.from(picture.data),
			`${base}.${picture.fileExtension}`,
			picture.mimeType,
		),
	};
}

/** The items with the picture on the first; with no items, `empty` carries it. */
export async function withPicture(
	context: IExecuteFunctions,
	items: IDataObject[],
	picture: { picture: Picture; base: string },
	empty: IDataObject,
): Promise<INodeExecutionData[]> {
	const binary = await pictureBinary(context, picture.picture, picture.base);
	const list = items.length > 0 ? items : [empty];
	return list.map((json, index) => (index === 0 ? { json, binary } : { json }));
}
