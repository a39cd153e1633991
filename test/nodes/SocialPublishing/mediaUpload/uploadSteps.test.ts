import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { mediaFailedError } from '../../../../nodes/SocialPublishing/mediaUpload/uploadSteps';

/** A failed media's error copies the service's texts the way every service error does: on one line and cut. */
const node: INode = {
	id: 'n1',
	name: 'Social Publishing',
	type: 'socialPublishing',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const context = { getNode: () => node } as unknown as IExecuteFunctions;

function failed(reason: string | null, fileName = 'photo.png') {
	return mediaFailedError(
		context,
		{
			media_id: 'a1b2c3d4-0000-4000-8000-000000000001',
			file_name: fileName,
			status: 'failed',
			mime: null,
			error_reason: reason,
			media_urls: {},
		},
		0,
	);
}

test('a short error_reason is given whole, in the message and the details', () => {
	const error = failed('The uploaded file is empty');
	expect(error.message).toBe('Media processing failed: The uploaded file is empty');
	expect(error.context.service).toMatchObject({
		code: 'MEDIA_FAILED',
		message: 'The uploaded file is empty',
		details: [{ field: 'error_reason', message: 'The uploaded file is empty' }],
	});
	expect(error.description).toContain('(photo.png) has status "failed"');
});

test('no error_reason: the message says so', () => {
	expect(failed(null).message).toBe('Media processing failed: no reason given');
});

test('a megabyte of error_reason and file name is cut: message, description and context stay small', () => {
	const reason = `Transcoding failed\n${'x'.repeat(1_048_576)}`;
	const error = failed(reason, 'n'.repeat(1_048_576));
	expect(error.message.length).toBeLessThan(400);
	expect(error.message).toContain('Transcoding failed x');
	expect(error.message).toContain(`characters in all`);
	expect(error.message).not.toContain('\n');
	expect((error.description ?? '').length).toBeLessThan(400);
	expect(JSON.stringify(error.context).length).toBeLessThan(2_000);
});
