/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup/n8nCoreServices.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
