import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../config/config';

/**
 * The bench's even-rate load (bench/paced-load.mjs, decision 0061), run in a real node process against a loopback
 * server that notes when each request arrives. autocannon's rate sent a second's requests in a burst at its start;
 * this must spread them.
 */
const pacedModule = path.join(repositoryRoot, 'bench', 'paced-load.mjs');

interface Arrivals {
  arrivals: { at: number; path: string; step: string | undefined }[];
  summary: { totalRequests: number; non2xx: number; skipped: number; requestsPerSecond: number };
  contexts: string[];
}

/**
 * `clock: 'own'` runs the schedule on a clock only the loop's sleeps move: each sleep first waits until every
 * request already started has arrived, so an arrival's time is when it was due, however loaded the machine is.
 */
function runPaced(options: { rate: number; seconds: number; sequence: boolean; clock?: 'own' }): Arrivals {
  const script = `
    import http from 'node:http';
    import { pacedLoad } from ${JSON.stringify(pacedModule)};
    const arrivals = [];
    let now = 0;
    let sleeps = 0;
    const clock = ${options.clock === 'own'} ? {
      now: () => now,
      sleep: async (ms) => {
        sleeps += 1;
        while (arrivals.length < sleeps) await new Promise((resolve) => setImmediate(resolve));
        now += ms;
      },
    } : undefined;
    const started = clock ? 0 : performance.now();
    const server = http.createServer((request, response) => {
      const at = clock ? now : performance.now() - started;
      arrivals.push({ at, path: request.url, step: request.headers['x-step'] });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ id: arrivals.length }));
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = 'http://127.0.0.1:' + server.address().port;
    const contexts = [];
    const sequence = ${options.sequence} ? {
      requests: [
        { method: 'POST', path: '/first', setupRequest: (request, context) => ({ ...request, headers: { 'x-step': 'first' } }),
          onResponse: (status, body, context) => { context.id = JSON.parse(body).id; } },
        { method: 'GET', path: '/second', setupRequest: (request, context) => ({ ...request, path: '/second/' + context.id }),
          onResponse: (status, body, context) => { contexts.push(String(context.id)); } },
      ],
    } : undefined;
    const summary = await pacedLoad({ baseUrl, scenario: { method: 'GET', path: '/page' }, sequence, rate: ${options.rate}, seconds: ${options.seconds}, clock });
    server.close();
    process.stdout.write(JSON.stringify({ arrivals, summary, contexts }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 }),
  ) as Arrivals;
}

/** The most arrivals within any window of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((left, right) => left - right);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('the bench’s paced load', () => {
  it('spreads requests evenly over each second instead of sending the second’s share at its start', () => {
    // On the test's own clock (no stopwatch: decision 0082), so the figures are exact on any machine.
    const { arrivals, summary } = runPaced({ rate: 40, seconds: 2, sequence: false, clock: 'own' });
    expect(arrivals).toHaveLength(80);
    expect(summary).toMatchObject({ totalRequests: 80, non2xx: 0, skipped: 0 });
    // Evenly paced, a quarter of a second holds 10 of the 40 per second; a burst would hold all 40.
    expect(
      busiestWindow(
        arrivals.map((arrival) => arrival.at),
        250,
      ),
    ).toBe(10);
    // Both halves of each second get their share.
    const first = arrivals[0]!.at;
    const secondHalves = arrivals.filter((arrival) => (arrival.at - first) % 1000 >= 500).length;
    expect(secondHalves).toBe(40);
  });

  it('runs a sequence’s steps in order, each given what the previous answer left in its context', () => {
    const { arrivals, summary, contexts } = runPaced({ rate: 20, seconds: 1, sequence: true });
    // 20 requests per second in sequences of two: 10 sequences.
    expect(summary.totalRequests).toBe(20);
    const firsts = arrivals.filter((arrival) => arrival.path === '/first');
    expect(firsts).toHaveLength(10);
    expect(firsts.every((arrival) => arrival.step === 'first')).toBe(true);
    // Each second step names the id its own first step was answered with.
    const seconds = arrivals.filter((arrival) => arrival.path.startsWith('/second/'));
    expect(seconds.map((arrival) => arrival.path.slice('/second/'.length)).sort()).toEqual([...contexts].sort());
    expect(contexts).toHaveLength(10);
    for (const id of contexts) expect(arrivals[Number(id) - 1]!.path).toBe('/first');
  });
});
