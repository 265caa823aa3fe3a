// Runs after the test framework is installed, because jest-dom extends `expect`.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render can take longer.
// A longer wait only matters when something is slow, never when it is wrong.
configure({ asyncUtilTimeout: 5000 });

// A test that makes React, Apollo or our code warn fails with the warning (decision 0041): an unmatched
// MockLink request ("No more mocked responses"), an act() warning or a missing key means the test is not
// testing what it says. Calls are collected and checked after the test so the test's own assertions come first.
// A test that expects a warning spies on it itself, which replaces this recorder for that test.
const consoleProblems: string[] = [];
const consoleSpies: jest.SpyInstance[] = [];
beforeEach(() => {
  for (const level of ['warn', 'error'] as const) {
    const spy = jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${args.map(describeConsoleArgument).join(' ')}`);
    });
    consoleSpies.push(spy);
  }
});
afterEach(() => {
  const problems = consoleProblems.splice(0);
  for (const spy of consoleSpies.splice(0)) spy.mockRestore();
  if (problems.length > 0) {
    throw new Error(`The test wrote to the console:\n${problems.join('\n')}`);
  }
});

function describeConsoleArgument(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
