import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { uploadBinaryProperty } from '../../mediaUpload/fromBinary';
import { DEFAULT_READY_TIMEOUT_MS } from '../../mediaUpload/uploadSteps';
import {
	MEDIA_EXTENSIONS,
	validateFileName,
	checkMediaUrl,
	displayUrl,
} from '../../helpers/mediaFiles';
import {
	DEFAULT_IDLE_TIMEOUT_SECONDS,
	DEFAULT_MAX_SIZE_MIB,
	readUrlLimits,
} from '../../mediaUpload/downloadLimits';
import { uploadFromUrl } from '../../mediaUpload/fromUrl';
import { getSocialSetId } from '../params';
import { paramError } from '../../helpers/validation';
import { socialSetLocator } from '../../../common/socialSets';
import type { Access, OperationResult, ToolGate } from '../types';
import { echo } from '../../../common/text/echo';
import { dryRunAnswer } from '../confirm';
import { toolGate } from '../toolRule';

const DEFAULT_TIMEOUT_SECONDS = DEFAULT_READY_TIMEOUT_MS / 1000;

const fields: INodeProperties[] = [
	socialSetLocator,
	{
		displayName: 'Input Source',
		name: 'inputSource',
		type: 'options',
		options: [
			{
				name: 'Binary Property',
				value: 'binary',
				description: 'A file in a binary property of the input item',
			},
			{
				name: 'URL',
				value: 'url',
				description: 'A file at a public URL, streamed from there into the upload',
			},
		],
		default: 'binary',
	},
	{
		displayName: 'Media URL',
		name: 'mediaUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/images/launch-banner.png',
		description:
			'Public http(s) URL of the file, read without credentials. The file name and type come from the answer (Content-Disposition, Content-Type) or the URL path; the file is checked before the upload is created.',
		hint: `Supported formats: ${MEDIA_EXTENSIONS.join(', ')}`,
		displayOptions: { show: { inputSource: ['url'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		placeholder: 'e.g. data',
		description: 'Name of the binary property of the input item that holds the file',
		hint: `Supported formats: ${MEDIA_EXTENSIONS.join(', ')}`,
		displayOptions: { show: { inputSource: ['binary'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Alt Text',
				name: 'altText',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description:
					'Text that describes the media for people using screen readers; drafts copy it when the media is attached',
			},
			{
				displayName: 'Download Idle Timeout (Seconds)',
				name: 'idleTimeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 0.1, maxValue: 3600 },
				default: DEFAULT_IDLE_TIMEOUT_SECONDS,
				description:
					'Longest time the URL may send nothing while its file is read; the download then stops with an error',
				displayOptions: { show: { '/inputSource': ['url'] } },
			},
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. launch-banner.png',
				description:
					"File name to send instead of the binary's own (or the one the URL gives): letters, digits, hyphen, underscore, period and parentheses, at most 255 characters, ending in a supported extension",
			},
			{
				displayName: 'Max Size (MiB)',
				name: 'maxSizeMib',
				type: 'number',
				typeOptions: { minValue: 0.1 },
				default: DEFAULT_MAX_SIZE_MIB,
				description:
					"Largest file to read from the URL, in MiB. A larger Content-Length is refused before the upload is created; a download that passes it is stopped. It also sets the download's time limit (60 s plus 1 s per 256 KiB). Without this option, a download without Content-Length stops at 64 MiB when n8n keeps binary data in memory. The default fits X's largest video; raise it for larger LinkedIn videos.",
				displayOptions: { show: { '/inputSource': ['url'] } },
			},
			{
				displayName: 'Timeout (Seconds)',
				name: 'timeoutSeconds',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 3600 },
				default: DEFAULT_TIMEOUT_SECONDS,
				description: 'Longest time to wait for the media to become ready (when waiting)',
			},
			{
				displayName: 'Wait Until Ready',
				name: 'waitUntilReady',
				type: 'boolean',
				default: true,
				description:
					'Whether to wait until the service has processed the file (status "ready"); drafts can only use ready media',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['media'], operation: ['upload'] } },
	fields,
);

interface UploadParameterOptions {
	altText?: string;
	fileName?: string;
	waitUntilReady?: boolean;
	timeoutSeconds?: number;
	maxSizeMib?: unknown;
	idleTimeoutSeconds?: unknown;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationResult> {
	const socialSetId = getSocialSetId(this, itemIndex);
	const fromUrl = this.getNodeParameter('inputSource', itemIndex, 'binary') === 'url';
	let url = '';
	let binaryPropertyName = '';
	if (fromUrl) {
		const checked = checkMediaUrl(this.getNodeParameter('mediaUrl', itemIndex, ''));
		if ('problem' in checked) throw paramError(this, itemIndex, 'Media URL', checked.problem);
		url = checked.url;
	} else {
		binaryPropertyName = String(
			this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '',
		).trim();
		if (!binaryPropertyName)
			throw paramError(this, itemIndex, 'Input Binary Field', 'must name a binary property');
	}
	const options = this.getNodeParameter('options', itemIndex, {}) as UploadParameterOptions;
	const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
	if (!(typeof timeoutSeconds === 'number' && timeoutSeconds > 0 && timeoutSeconds <= 3600)) {
		throw paramError(
			this,
			itemIndex,
			'Timeout (Seconds)',
			`must be a number from 1 to 3600, got "${String(timeoutSeconds)}"`,
		);
	}
	const fileNameProblem =
		fromUrl && options.fileName?.trim() ? validateFileName(options.fileName.trim()) : undefined;
	if (fileNameProblem) throw paramError(this, itemIndex, 'File Name', fileNameProblem);
	const limits = fromUrl
		? readUrlLimits(this, itemIndex, options, {
				maxSize: 'Max Size (MiB)',
				idleTimeout: 'Download Idle Timeout (Seconds)',
			})
		: undefined;
	const uploadOptions = {
		limits,
		altText: options.altText,
		fileName: options.fileName,
		waitUntilReady: options.waitUntilReady ?? true,
		timeoutMs: timeoutSeconds * 1000,
	};
	if (fromUrl)
		return await uploadFromUrl(
			this,
			itemIndex,
			socialSetId,
			{ url, label: 'Media URL' },
			uploadOptions,
		);
	return await uploadBinaryProperty(
		this,
		itemIndex,
		socialSetId,
		binaryPropertyName,
		uploadOptions,
	);
}

export const access: Access = {
	kind: 'write',
	sentAgain:
		'no list of media and no idempotency key: an upload whose answer was lost is made again',
};

/** As an AI agent's tool, an upload from a URL is held back: the URL is shown without query string or fragment (they may hold tokens). */
export const gate: ToolGate = toolGate(
	{
		downloads: (context, itemIndex) =>
			context.getNodeParameter('inputSource', itemIndex, 'binary') === 'url',
	},
	async (context, itemIndex) => {
		const socialSetId = getSocialSetId(context, itemIndex);
		const checked = checkMediaUrl(context.getNodeParameter('mediaUrl', itemIndex, ''));
		if ('problem' in checked) throw paramError(context, itemIndex, 'Media URL', checked.problem);
		const url = echo(displayUrl(checked.url));
		return dryRunAnswer(
			'media',
			'upload',
			socialSetId,
			{ url },
			`download ${url} and upload the file as media`,
		);
	},
);
