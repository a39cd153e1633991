import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * The context with its own `getNodeParameter` replaced (the router's wrappers: static parameters read once,
 * every value checked against its type); every other member is the context's, its methods bound once.
 */
export function withParameterReader(
	context: IExecuteFunctions,
	getNodeParameter: IExecuteFunctions['getNodeParameter'],
): IExecuteFunctions {
	const bound = new Map<PropertyKey, unknown>();
	return new Proxy(context, {
		get: (object, property) => {
			if (property === 'getNodeParameter') return getNodeParameter;
			const value = Reflect.get(object, property, object) as unknown;
			if (typeof value !== 'function') return value;
			let method = bound.get(property);
			if (!method) bound.set(property, (method = (value as () => unknown).bind(object)));
			return method;
		},
	});
}
