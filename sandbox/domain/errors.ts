/** Error bodies, thrown by rules and routes alike; the server turns an ApiError into its answer. */

export interface FieldIssue {
	field: string;
	message: string;
	[extra: string]: unknown;
}

export interface ErrorBody {
	error: { code: string; message: string; details?: FieldIssue[] };
}

/** Thrown anywhere in a route; the server turns it into the error body. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly details?: FieldIssue[],
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}

	body(): ErrorBody {
		const error: ErrorBody['error'] = { code: this.code, message: this.message };
		if (this.details && this.details.length > 0) error.details = this.details;
		return { error };
	}
}

export const notFound = (what: string): ApiError =>
	new ApiError(404, 'NOT_FOUND', `${what} not found`);
export const badRequest = (message: string, details?: FieldIssue[]): ApiError =>
	new ApiError(400, 'VALIDATION_ERROR', message, details);
export const unprocessable = (details: FieldIssue[]): ApiError =>
	new ApiError(422, 'VALIDATION_ERROR', 'Request failed schema validation', details);
export const insufficient = (need: string): ApiError =>
	new ApiError(
		403,
		'INSUFFICIENT_ACCESS_LEVEL',
		`This operation needs ${need} access to the social set`,
	);
export const forbidden = (message: string): ApiError => new ApiError(403, 'FORBIDDEN', message);
