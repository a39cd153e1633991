import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { parseServiceError } from '../transport/errors';
import { buildUrl } from '../transport/url';

interface ErrorWithResponse {
	statusCode?: number;
	error?: unknown;
	response?: { status?: number; statusCode?: number; body?: unknown; data?: unknown };
	cause?: ErrorWithResponse;
	code?: string;
}

/**
 * Credential test: GET /v2/me with the key. A refusal shows the service's own code and message
 * (for example why the key is invalid) instead of a bare "Unauthorized".
 */
export async function socialPublishingApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = (credential.data ?? {}) as { apiKey?: string; baseUrl?: string };
	if (!data.baseUrl) return { status: 'Error', message: 'Base URL is missing' };
	try {
		// The credential-test context offers only the legacy request helper.
		// eslint-disable-next-line @n8n/community-nodes/no-deprecated-workflow-functions
		await this.helpers.request({
			method: 'GET',
			uri: buildUrl(data.baseUrl, '/v2/me'),
			headers: { Authorization: `Bearer ${data.apiKey ?? ''}`, Accept: 'application/json' },
			json: true,
		});
		return { status: 'OK', message: 'Connection successful' };
	} catch (caught) {
		const error = caught as ErrorWithResponse;
		const status = error.statusCode ?? error.response?.status ?? error.response?.statusCode ?? error.cause?.response?.status;
		if (!status) {
			return { status: 'Error', message: `Could not reach the service: ${error.code ?? error.cause?.code ?? 'connection failed'}` };
		}
		const body = error.error ?? error.response?.body ?? error.response?.data ?? error.cause?.response?.data;
		const service = parseServiceError(status, body);
		return { status: 'Error', message: `${service.code}: ${service.message}` };
	}
}
