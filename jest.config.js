/** @type {import('jest').Config} */
module.exports = {
	// Node's, plus a check that each test file leaves no timer, server, socket or process running.
	testEnvironment: '<rootDir>/test/setup/environment.ts',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
	},
	// A throwaway n8n user folder for the run: nothing is written to ~/.n8n.
	globalSetup: '<rootDir>/test/setup/globalSetup.ts',
	globalTeardown: '<rootDir>/test/setup/globalTeardown.ts',
	setupFilesAfterEnv: [
		'<rootDir>/test/setup/safeRegex.ts',
		'<rootDir>/test/setup/n8nCoreServices.ts',
		'<rootDir>/test/setup/n8nLog.ts',
	],
	testTimeout: 30000,
	maxWorkers: 2,
};
