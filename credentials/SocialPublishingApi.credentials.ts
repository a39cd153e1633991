import type {
	IAuthenticate,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class SocialPublishingApi implements ICredentialType {
	name = 'socialPublishingApi';

	displayName = 'Social Publishing API';

	icon = { light: 'file:../nodes/SocialPublishing/socialPublishing.svg', dark: 'file:../nodes/SocialPublishing/socialPublishing.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-social-publishing/n8n-nodes-social-publishing#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The API key generated in your Social Publishing account settings',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.social-publishing.example',
			required: true,
			placeholder: 'https://api.social-publishing.example',
			description:
				'Address of the service. A trailing slash or a trailing /v2 is fine: requests always go to {Base URL}/v2/...',
		},
		{
			displayName: 'Webhook Signing Secret',
			name: 'webhookSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only needed by the Social Publishing Trigger: the secret shown when the webhook was registered in the service settings',
		},
	];

	/** Bearer authentication, as a function: n8n would otherwise evaluate an expression on every request. */
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey ?? '')}` },
	});
}
