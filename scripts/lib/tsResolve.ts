/**
 * Under ts-node, `require('./SocialPublishing.node')` finds the codex file `SocialPublishing.node.json`
 * before `SocialPublishing.node.ts` (Node tries registered extensions in insertion order: .js, .json,
 * .node, then .ts). Moving `.json` to the end makes the TypeScript module win, as it does under jest.
 * Import this module before anything that loads the node.
 */
const extensions = require.extensions as Record<
	string,
	NodeJS.RequireExtensions[string] | undefined
>;
const json = extensions['.json'];
if (json && extensions['.ts']) {
	delete extensions['.json'];
	extensions['.json'] = json;
}

export {};
