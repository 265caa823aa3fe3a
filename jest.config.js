/**
 * `npm test`: the server's and the client's Jest projects in one run, one summary. `npm run test:server` and
 * `npm run test:client` run one project; only the server's starts PostgreSQL (its globalSetup), and Jest runs a
 * project's globalSetup only when that project has tests to run.
 */
module.exports = {
  // Per-project testTimeout is ignored in multi-project runs. A limit only names a hang (decision 0082): no test
  // relies on it for speed, so it is far above what a loaded 2-core machine takes.
  testTimeout: 120_000,
  // With one core to spare Jest would run every file in its own process, in band, and what each file leaves behind
  // adds up: at 126 server files the heap passed 4 GB and V8 aborted the run. A limit makes Jest use a worker even
  // then, and start a fresh one whenever a file leaves it above this (decision 0106).
  workerIdleMemoryLimit: '1GB',
  projects: ['<rootDir>/server/jest.config.js', '<rootDir>/client/jest.config.cjs'],
};
