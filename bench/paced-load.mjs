/**
 * Load at an even rate, for the "p99 at half of peak" figures (decision 0061). autocannon's rate option is a
 * budget per second: every connection sends as fast as it can until it has made its share of the second's
 * requests, then waits for the next second, and all connections start their seconds together. Half of peak
 * that way is full load for the first half of each second, so its p99 was the p99 of full load. Here each
 * request (or sequence) starts on its own schedule, 1/rate apart, over keep-alive connections, whatever the
 * answers to the earlier ones: latency is measured under the load the rate asks for.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './orders.mjs';

/** One request over `agent`; resolves with its status and body (never rejects: a failure is status 0). */
function send(agent, baseUrl, { method = 'GET', path, headers = {}, body }, timeoutMs) {
  return new Promise((resolve) => {
    const request = http.request(new URL(path, baseUrl), { method, headers, agent, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', () => resolve({ status: 0, body: '' }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, body: '', timedOut: error.message === 'timeout' }));
    request.end(body);
  });
}

/**
 * Runs `scenario` at `rate` requests per second for `seconds`. A sequence scenario (autocannon `requests` with
 * setupRequest/onResponse, as orders.mjs builds them) starts a whole sequence every steps/rate seconds, so the
 * requests still arrive at `rate`. At most `maxInFlight` units run at once; a start that would pass it is
 * skipped and counted, so an overloaded shop shows as a lower achieved rate rather than an ever-growing queue.
 * Answers the same summary as run-bench.mjs's autocannon runs. `clock` (the real one unless given) lets a test
 * check the schedule on a clock of its own instead of a stopwatch (decision 0082).
 */
export async function pacedLoad({
  baseUrl,
  scenario,
  sequence,
  rate,
  seconds,
  maxInFlight = 100,
  timeoutMs = 30_000,
  clock = { now: () => performance.now(), sleep },
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const steps = sequence?.requests ?? [
    { method: scenario.method, path: scenario.path, headers: scenario.headers, body: scenario.body },
  ];
  const intervalMs = (1000 * steps.length) / rate;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let skipped = 0;
  let scheduled = 0;
  let inFlight = 0;
  let firstError;
  const running = new Set();

  const runUnit = async (scheduledAt) => {
    const context = {};
    for (const step of steps) {
      const base = { method: step.method, path: step.path, headers: step.headers, body: step.body };
      const options = step.setupRequest ? step.setupRequest({ ...base }, context) : base;
      const startedAt = clock.now();
      const answer = await send(agent, baseUrl, options, timeoutMs);
      // A single request is timed from when it was due, so a late start counts against the shop.
      latencies.push(clock.now() - (sequence ? startedAt : scheduledAt));
      if (answer.status === 0) {
        if (answer.timedOut) timeouts += 1;
        else errors += 1;
      } else if (answer.status < 200 || answer.status > 299) non2xx += 1;
      step.onResponse?.(answer.status, answer.body, context);
    }
  };

  const started = clock.now();
  const end = started + seconds * 1000;
  for (let unit = 0; ; unit += 1) {
    const dueAt = started + unit * intervalMs;
    if (dueAt >= end) break;
    scheduled += 1;
    const wait = dueAt - clock.now();
    if (wait > 0) await clock.sleep(wait);
    if (inFlight >= maxInFlight) {
      skipped += 1;
      continue;
    }
    inFlight += 1;
    // A throw in the scenario's own code (setupRequest, onResponse) counts as an error; the first is reported.
    const task = runUnit(dueAt)
      .catch((error) => {
        errors += 1;
        firstError ??= error;
      })
      .finally(() => {
        inFlight -= 1;
        running.delete(task);
      });
    running.add(task);
  }
  await Promise.all(running);
  const durationSeconds = (clock.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((left, right) => left - right);
  return {
    requestsPerSecond: Math.round(latencies.length / durationSeconds),
    totalRequests: latencies.length,
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: percentile(sorted, 1),
    },
    non2xx,
    errors,
    timeouts,
    skipped,
    scheduled,
    firstError: firstError === undefined ? undefined : String(firstError),
    durationSeconds,
  };
}
