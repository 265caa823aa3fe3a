// A test that makes React, Apollo, a library or our code warn fails with the warning (decision 0041): in the
// client an unmatched MockLink request ("No more mocked responses"), an act() warning or a missing key means the
// test is not testing what it says; the server logs through pino, so anything on console.warn/error is a
// problem nobody would otherwise read. Both Jest projects load this one module (decision 0046).
// Calls are collected and checked after the test so the test's own assertions come first.
// A test that expects a warning spies on the console itself, which replaces this recorder for that test.
const consoleProblems: string[] = [];
const consoleSpies: jest.SpyInstance[] = [];

// Outside any test too (importing a module, beforeAll, afterAll): recorded here and checked when the file ends.
const outsideTests: string[] = [];
const originalConsole = { warn: console.warn, error: console.error };
const recordOutsideTests =
  (level: 'warn' | 'error') =>
  (...args: unknown[]): void => {
    outsideTests.push(`console.${level}: ${args.map(describeArgument).join(' ')}`);
  };
Object.assign(console, { warn: recordOutsideTests('warn'), error: recordOutsideTests('error') });

afterAll(() => {
  Object.assign(console, originalConsole);
  const problems = outsideTests.splice(0);
  if (problems.length > 0)
    throw new Error(`The test file wrote to the console outside its tests:\n${problems.join('\n')}`);
});

beforeEach(() => {
  for (const level of ['warn', 'error'] as const) {
    const spy = jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${args.map(describeArgument).join(' ')}`);
    });
    consoleSpies.push(spy);
  }
});

afterEach(() => {
  const problems = consoleProblems.splice(0);
  for (const spy of consoleSpies.splice(0)) spy.mockRestore();
  if (problems.length > 0) throw new Error(`The test wrote to the console:\n${problems.join('\n')}`);
});

function describeArgument(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
