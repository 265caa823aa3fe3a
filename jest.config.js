/**
 * `npm test`: the server's and the client's Jest projects in one run, one summary. `npm run test:server` and
 * `npm run test:client` run one project; only the server's starts PostgreSQL (its globalSetup), and Jest runs a
 * project's globalSetup only when that project has tests to run.
 */
module.exports = {
  // Per-project testTimeout is ignored in multi-project runs. A limit only names a hang (decision 0082): no test
  // relies on it for speed, so it is far above what a loaded 2-core machine takes.
  testTimeout: 120_000,
  projects: ['<rootDir>/server/jest.config.js', '<rootDir>/client/jest.config.cjs'],
};
