/**
 * This package's node and credential classes from the BUILT dist/ (what npm publishes), loaded through
 * the paths package.json's "n8n" section lists, the way n8n loads a community package.
 * Pass them to `buildNodeTypes(extra, dist.nodeTypes)` and `runWorkflow(..., { credentialTypes: dist.credentialTypes })`.
 */
import { existsSync, readFileSync } from 'fs';
import { basename, join, resolve } from 'path';
import type { ICredentialType, INodeType } from 'n8n-workflow';

export interface DistPackage {
	nodeTypes: Record<string, INodeType>;
	credentialTypes: Record<string, ICredentialType>;
	/** The files loaded, relative to the package root. */
	files: string[];
}

interface PackageJson {
	n8n: { nodes: string[]; credentials: string[] };
}

/** Instantiates the class a compiled file exports under its file name (n8n's own convention). */
function load<T>(root: string, file: string): T {
	const path = join(root, file);
	if (!existsSync(path)) throw new Error(`${file} is missing: run npm run build first`);
	const className = basename(file).split('.')[0];
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = (require(path) as Record<string, new () => T>)[className];
	if (typeof exported !== 'function')
		throw new Error(`${file} does not export a class ${className}`);
	return new exported();
}

export function loadDistPackage(root = resolve(__dirname, '..', '..')): DistPackage {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
	const nodeTypes: Record<string, INodeType> = {};
	const credentialTypes: Record<string, ICredentialType> = {};
	for (const file of pkg.n8n.nodes) {
		const type = load<INodeType>(root, file);
		nodeTypes[type.description.name] = type;
	}
	for (const file of pkg.n8n.credentials) {
		const type = load<ICredentialType>(root, file);
		credentialTypes[type.name] = type;
	}
	return { nodeTypes, credentialTypes, files: [...pkg.n8n.nodes, ...pkg.n8n.credentials] };
}
