import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../config/config';

/**
 * `npm run lighthouse` audits a page again when Lighthouse lost its navigation start (issue 29), and only then:
 * lighthouse/audit-page.mjs run in a real node process with a stand-in for Lighthouse's call answering from a script.
 */
const auditModule = path.join(repositoryRoot, 'lighthouse', 'audit-page.mjs');

interface Outcome {
  calls: number;
  retries: number[];
  result?: { page: string };
  error?: string;
}

function auditWith(answers: ({ runtimeError: { code: string; message: string } } | { page: string })[]): Outcome {
  const script = `
    import { auditWithRetry } from ${JSON.stringify(auditModule)};
    const answers = ${JSON.stringify(answers)};
    let calls = 0;
    const retries = [];
    const runAudit = async () => ({ lhr: answers[calls++] });
    try {
      const result = await auditWithRetry(runAudit, 'http://shop/', { onRetry: (attempt) => retries.push(attempt) });
      console.log(JSON.stringify({ calls, retries, result }));
    } catch (error) {
      console.log(JSON.stringify({ calls, retries, error: error.message }));
    }
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const noNavstart = { runtimeError: { code: 'NO_NAVSTART', message: 'No navigationStart event found' } };

describe('the Lighthouse runner’s audit of one page', () => {
  it('audits again after NO_NAVSTART and reports the audit that saw the page', () => {
    expect(auditWith([noNavstart, noNavstart, { page: 'home' }])).toEqual({
      calls: 3,
      retries: [1, 2],
      result: { page: 'home' },
    });
  });

  it('gives up after three attempts, saying which error it kept getting', () => {
    const outcome = auditWith([noNavstart, noNavstart, noNavstart, { page: 'never reached' }]);
    expect(outcome.calls).toBe(3);
    expect(outcome.error).toMatch(/attempt 3\): NO_NAVSTART/);
  });

  it('fails at once on any other runtime error', () => {
    const outcome = auditWith([{ runtimeError: { code: 'PROTOCOL_TIMEOUT', message: 'timed out' } }, { page: 'home' }]);
    expect(outcome).toMatchObject({ calls: 1, retries: [] });
    expect(outcome.error).toMatch(/PROTOCOL_TIMEOUT/);
  });
});
