import type {
	IAuthenticate,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** Redirect statuses: the credential test stops at them and names them. */
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

export class SocialPublishingApi implements ICredentialType {
	name = 'socialPublishingApi';

	displayName = 'Social Publishing API';

	icon = {
		light: 'file:../nodes/SocialPublishing/socialPublishing.svg',
		dark: 'file:../nodes/SocialPublishing/socialPublishing.dark.svg',
	} as const;

	documentationUrl =
		'https://github.com/n8n-nodes-social-publishing/n8n-nodes-social-publishing/blob/main/docs/credentials.md';

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
		headers: {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.apiKey ?? '')}`,
		},
	});

	/**
	 * The credential test n8n runs on *Test* / *Save*: GET {Base URL}/v2/me with the key. The Base URL
	 * loses a trailing slash and a trailing /v2 first, as every request of the nodes does. n8n shows a
	 * rule's message for the status it names, the response's status text for any other refusal, and the
	 * network error code when the service cannot be reached (n8n 2.8 shows its own texts instead: its
	 * request errors lose the response; see docs/credentials.md).
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/v2$/i, "") }}',
			url: '/v2/me',
			method: 'GET',
			headers: { Accept: 'application/json' },
			// The key goes to the Base URL's host and nowhere else: a redirect is not followed (n8n would
			// send Authorization along to the redirect target) but reported by the rules below. The node's
			// own requests do not follow redirects either, so a redirecting Base URL could not work anyway.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		rules: [
			...REDIRECT_STATUSES.map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `REDIRECT: the Base URL answered GET /v2/me with a redirect (HTTP ${status}), which is not followed, so the key was sent to no other address. Set the Base URL to the address the API answers at directly (often https:// instead of http://, or without a path).`,
				},
			})),
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'UNAUTHORIZED: Invalid API key. The service refused this key (HTTP 401): copy it again from your account settings.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'NOT_FOUND: no Social Publishing API v2 at this Base URL (GET /v2/me answered HTTP 404): check the Base URL.',
				},
			},
		],
	};
}
