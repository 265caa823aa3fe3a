/** `npm test`: the server's and the client's Jest projects in one run, one summary. */
module.exports = {
  projects: ['<rootDir>/server/jest.config.js', '<rootDir>/client/jest.config.cjs'],
};
