/**
 * The money and stock rules' unit tests alone, with no database (decision 0076): what StrykerJS runs for every
 * mutant (`npm run test:mutation`). `npm test` runs the same files through jest.config.js.
 */
const base = require('./jest.config.js');

const { globalSetup: _setup, globalTeardown: _teardown, ...withoutDatabase } = base;

/** The pure files StrykerJS mutates (stryker.config.json's `mutate`) and the tests that pin them. */
const unitTests = [
  '<rootDir>/src/modules/orders/__tests__/order-money.test.ts',
  '<rootDir>/src/modules/orders/__tests__/stock-rules.test.ts',
  '<rootDir>/src/modules/discounts/__tests__/discount-amount.test.ts',
  '<rootDir>/src/modules/payments/__tests__/refundable-amount.test.ts',
  '<rootDir>/src/shared/__tests__/money.test.ts',
];

module.exports = { ...withoutDatabase, displayName: 'server-unit', testMatch: unitTests, roots: ['<rootDir>/src'] };
