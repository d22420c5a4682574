// API tests: real PostgreSQL (one embedded server per run, a fresh database per test file),
// TypeScript through @swc/jest with legacy decorators, ES modules.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.js',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // The shared content model, from its source (no build needed to test).
    '^@consulting/model$': '<rootDir>/../model/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2023',
        },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 30000,
};
