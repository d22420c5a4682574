// Component tests: jsdom + Testing Library, TypeScript/TSX through @swc/jest, ES modules.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    // The shared content model, from its source (no build needed to test).
    '^@consulting/model$': '<rootDir>/../model/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.(css|png|jpe?g|webp|avif|svg|mp4|webm|woff2?)(\\?.*)?$': '<rootDir>/src/test/file-stub.cjs',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
};
