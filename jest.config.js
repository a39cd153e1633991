/** @type {import('jest').Config} */
module.exports = {
  // Node's, plus a check that each test file leaves no timer, server, socket or process running.
  testEnvironment: '<rootDir>/test/setup/environment.ts',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup/n8nCoreServices.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
