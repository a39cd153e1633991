import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { putToUploadUrl } from '../../common/transport';
import { validateFileName } from '../helpers/mediaFiles';
import { paramError } from '../helpers/validation';
import type { MediaStatus, UploadOptions } from './uploadSteps';
import { createMediaUpload, finishMediaUpload } from './uploadSteps';

/** The binary property of the item, or an error naming the property and the item. */
export function getItemBinary(
	context: IExecuteFunctions,
	itemIndex: number,
	binaryPropertyName: string,
): IBinaryData {
	const binary = context.getInputData()[itemIndex]?.binary?.[binaryPropertyName];
	if (!binary) {
		const present = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
		throw new NodeOperationError(
			context.getNode(),
			`No binary property "${binaryPropertyName}" on the input item [item ${itemIndex}]`,
			{
				itemIndex,
				description: present.length
					? `Binary properties on this item: ${present.join(', ')}. Name one of them as the binary property.`
					: 'This item carries no binary data. Read the file first (for example with a Read/Write Files or HTTP Request node).',
			},
		);
	}
	return binary;
}

function resolveFileName(
	context: IExecuteFunctions,
	itemIndex: number,
	binaryPropertyName: string,
	binary: IBinaryData,
	override?: string,
): string {
	const given = override?.trim();
	if (given) {
		const problem = validateFileName(given);
		if (problem) throw paramError(context, itemIndex, 'File Name', problem);
		return given;
	}
	const own = binary.fileName?.trim() ?? '';
	if (!own) {
		throw new NodeOperationError(
			context.getNode(),
			`Binary property "${binaryPropertyName}" has no file name; set "File Name" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	const problem = validateFileName(own);
	if (problem) {
		throw new NodeOperationError(
			context.getNode(),
			`The file name of binary property "${binaryPropertyName}" ${problem}; set "File Name" to a name the service accepts [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return own;
}

/** Sends the bytes: streamed from n8n's binary store when it keeps the file outside memory, else from the buffer. */
async function sendBytes(
	context: IExecuteFunctions,
	itemIndex: number,
	upload: { media_id: string; upload_url: string },
	binaryPropertyName: string,
	binary: IBinaryData,
): Promise<void> {
	const mediaId = upload.media_id;
	if (binary.id) {
		const { fileSize } = await context.helpers.getBinaryMetadata(binary.id);
		const stream = await context.helpers.getBinaryStream(binary.id);
		await putToUploadUrl.call(context, upload.upload_url, stream, itemIndex, {
			contentLength: fileSize,
			mediaId,
		});
		return;
	}
	const buffer = await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	await putToUploadUrl.call(context, upload.upload_url, buffer, itemIndex, {
		contentLength: buffer.length,
		mediaId,
	});
}

/**
 * Uploads the file in a binary property of one item as media of a social set and returns its Media status.
 * Checks the file name (the parameter, else the binary's own) before any request; then creates the upload
 * (with alt text), sends a plain PUT of the bytes to the presigned URL and polls until the media is `ready`.
 * Files n8n keeps outside memory (binary `id`) are streamed, not loaded whole.
 */
export async function uploadBinaryProperty(
	context: IExecuteFunctions,
	itemIndex: number,
	socialSetId: number,
	binaryPropertyName: string,
	options: UploadOptions = {},
): Promise<MediaStatus> {
	const binary = getItemBinary(context, itemIndex, binaryPropertyName);
	const fileName = resolveFileName(
		context,
		itemIndex,
		binaryPropertyName,
		binary,
		options.fileName,
	);
	const upload = await createMediaUpload(
		context,
		itemIndex,
		socialSetId,
		fileName,
		options.altText,
	);
	await sendBytes(context, itemIndex, upload, binaryPropertyName, binary);
	return await finishMediaUpload(context, itemIndex, socialSetId, upload.media_id, options);
}
