import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { SocialPublishingApi } from '../../credentials/SocialPublishingApi.credentials';

export const credentialTypes: Record<string, ICredentialType> = {
	socialPublishingApi: new SocialPublishingApi(),
};

function resolve(
	value: unknown,
	credentials: ICredentialDataDecryptedObject,
	workflow?: Workflow,
	node?: INode,
): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	if (!workflow || !node)
		throw new Error('Resolving a credential expression needs the workflow and node');
	return workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
}

function deepResolve(
	target: Record<string, unknown>,
	template: Record<string, unknown>,
	credentials: ICredentialDataDecryptedObject,
	workflow?: Workflow,
	node?: INode,
) {
	for (const [key, value] of Object.entries(template)) {
		if (value && typeof value === 'object' && !Array.isArray(value)) {
			const nested = (target[key] as Record<string, unknown> | undefined) ?? {};
			target[key] = nested;
			deepResolve(nested, value as Record<string, unknown>, credentials, workflow, node);
		} else {
			target[key] = resolve(value, credentials, workflow, node);
		}
	}
}

/**
 * A small credentials helper: hands out the test's credential data and applies the credential
 * type's own `authenticate` block, expressions included, the way n8n's helper does.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
		private readonly types: Record<string, ICredentialType> = credentialTypes,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		const authenticate = type?.authenticate;
		if (!authenticate) return requestOptions as IHttpRequestOptions;
		if (typeof authenticate === 'function')
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		const options = { ...(requestOptions as IHttpRequestOptions) } as unknown as Record<
			string,
			unknown
		>;
		options.headers = { ...((options.headers as object) ?? {}) };
		deepResolve(
			options,
			authenticate.properties as Record<string, unknown>,
			credentials,
			workflow,
			node,
		);
		return options as unknown as IHttpRequestOptions;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(_details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		throw new Error(`getCredentials is not used by these tests (${type})`);
	}

	async getDecrypted(
		_additionalData: unknown,
		_details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}
