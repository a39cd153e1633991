import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { echo } from '../../../../common/text/echo';
import { checkMarkers } from '../../../helpers/text/markerSyntax';
import { textsOf } from '../../../helpers/merge';

/**
 * Comment-thread markers in text: the text about to be sent keeps the marker grammar (lowercase UUID id only,
 * depth at most 16, at most 1000 per post, self-closing at a paragraph start, no empty span, no span edge inside
 * a LinkedIn mention). A malformed marker is refused before the request with the service's subcode and the post.
 */
export function checkTextMarkers(
	context: IExecuteFunctions,
	itemIndex: number,
	platforms: IDataObject,
): void {
	for (const { platform, where, text } of textsOf(platforms)) {
		const result = checkMarkers(text, { linkedInMentions: platform === 'linkedin' });
		if (result.ok) continue;
		throw new NodeOperationError(
			context.getNode(),
			`The text of ${where} has a malformed comment marker: ${echo(result.message)} (COMMENTS_MARKER_MALFORMED, subcode "${result.subcode}") [item ${itemIndex}]`,
			{
				itemIndex,
				description:
					'Comment markers have the form <svc:comment-thread id=UUID>…</svc:comment-thread> or <svc:comment-thread id=UUID/>. Read the draft with Draft > Get (without Exclude Comment Markers) and edit around its markers. Nothing was sent.',
			},
		);
	}
}
