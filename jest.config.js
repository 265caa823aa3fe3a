/** `npm test`: the server's and the client's Jest projects in one run, one summary. */
module.exports = {
  // Per-project testTimeout is ignored in multi-project runs: the server's database tests need this.
  testTimeout: 30000,
  projects: ['<rootDir>/server/jest.config.js', '<rootDir>/client/jest.config.cjs'],
};
