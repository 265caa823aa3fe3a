/**
 * `npm run bench`: starts the built shop on a fresh embedded database plus a bare node:http
 * baseline, loads each scenario in bench/scenarios.mjs with autocannon, prints a table and writes
 * bench/results/latest.json.
 *
 * Settings (environment):
 *   BENCH_SECONDS          length of each measured round (default 5)
 *   BENCH_WARMUP_SECONDS   warm-up before the rounds, so the JIT and pools are hot (default 3)
 *   BENCH_ROUNDS           measured rounds per scenario; the median one is reported (default 3)
 *   BENCH_CONNECTIONS      concurrent connections (default 10)
 *   BENCH_PIPELINING       requests in flight per connection (default 1)
 *   BENCH_SCENARIOS        comma-separated scenario names to run instead of the scale run (`all` for every one;
 *                          `hostile` is the scenario in bench/hostile.mjs: storefront p99 alone and beside GraphQL
 *                          attacks, and their ratio; `hostile-search` alone is the scale run's worst-case searches
 *                          at 19 + BENCH_PRODUCTS products, bench/hostile-search.mjs; `hostile-mix` is
 *                          bench/hostile-mix.mjs alone: memory at 50,019 products before, during and after minutes
 *                          of mixed attacks)
 *   BENCH_PRODUCTS         generated products added for the scale run's second phase (default 50000)
 *   BENCH_QUICK            1: a short scale run to try the bench (2,000 products, 1 round of 2 s, 1 s warm-up)
 *   BENCH_ORDERS           orders `seed:orders` generates for BENCH_SCENARIOS=dashboard (default 1000000)
 *   BENCH_DASHBOARD_DATA_DIR  a data directory kept between dashboard runs, seeded by the first (bench/dashboard.mjs)
 *   (BENCH_SCENARIOS=metrics-overhead runs alone what the scale run ends with: the uncached page and checkout on a shop
 *   with metrics off beside one with metrics on, tracing off, side by side with their ratio: bench/metrics-overhead.mjs)
 *
 * Without BENCH_SCENARIOS it is the scale run (bench/scale.mjs): reads and checkout at the 19 sample products,
 * then the shop stopped, `seed:catalogue` adding BENCH_PRODUCTS, the shop started again on the same database and
 * the same measured; every ratio comes from figures of this one run, printed with its goal.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import {
  benchDir,
  ensureServerBuilt,
  pinSelf,
  processTreeCpu,
  systemBusySeconds,
  repositoryRoot,
  startBareHandler,
  startServer,
  stopListeningChild,
  stopServer,
} from './processes.mjs';
import { pacedLoad } from './paced-load.mjs';
import { scenarios } from './scenarios.mjs';
import { measureHostile } from './hostile.mjs';
import { hostileSearchGoals, measureHostileSearch } from './hostile-search.mjs';
import { measureHostileMix } from './hostile-mix.mjs';
import { measureMetricsOverhead, metricsOverheadGoals } from './metrics-overhead.mjs';
import { printColumns } from './columns.mjs';
import {
  dashboardGoals,
  dashboardScenarios,
  ensureOrders,
  signInOwner,
  trackingGoals,
  trackingScenarios,
  trackingTokenOf,
} from './dashboard.mjs';
import {
  bareScenario,
  checkoutScenario,
  pageScenarios,
  prepareShoppers,
  restListScenario,
  printGoals,
  readScenarios,
  scaleGoals,
  seedCatalogue,
  startBackgroundOrders,
  startMemorySampler,
} from './scale.mjs';

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function readSettings() {
  const quick = process.env.BENCH_QUICK === '1';
  return {
    quick,
    products: positiveInteger('BENCH_PRODUCTS', quick ? 2000 : 50_000),
    seconds: positiveInteger('BENCH_SECONDS', quick ? 2 : 5),
    warmupSeconds: positiveInteger('BENCH_WARMUP_SECONDS', quick ? 1 : 3),
    rounds: positiveInteger('BENCH_ROUNDS', quick ? 1 : 3),
    connections: positiveInteger('BENCH_CONNECTIONS', 10),
    pipelining: positiveInteger('BENCH_PIPELINING', 1),
    scenarios: process.env.BENCH_SCENARIOS,
    only:
      process.env.BENCH_SCENARIOS && process.env.BENCH_SCENARIOS !== 'all'
        ? process.env.BENCH_SCENARIOS.split(',').map((name) => name.trim())
        : undefined,
  };
}

function machineInfo() {
  const cpus = os.cpus();
  let commit;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repositoryRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repositoryRoot, encoding: 'utf8' }).trim();
    if (dirty) commit += ' (uncommitted changes)';
  } catch {
    commit = undefined;
  }
  return {
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    availableParallelism: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    // A high load average before the run means another process shares the cores: numbers will be low.
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    commit,
  };
}

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];

/** The middle round by the given measure; keeping a whole round keeps its req/s and p99 consistent. */
function medianRound(rounds, measure) {
  const sorted = [...rounds].sort((left, right) => measure(left) - measure(right));
  return sorted[Math.floor(sorted.length / 2)];
}

function summarize(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    totalRequests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

/** CPU seconds so far: the whole machine, and the processes that belong to this bench. */
function cpuSnapshot(pids) {
  const tree = (pid) => {
    const cpu = processTreeCpu(pid);
    return cpu ? cpu.node + cpu.database : 0;
  };
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    system: systemBusySeconds(),
    ours: tree(pids.server) + tree(pids.bare) + (self.user + self.system) / 1e6,
  };
}

/**
 * Average cores used by other processes between two snapshots. Another job on the machine takes
 * cores from the server or from autocannon and makes every number low, which this makes visible.
 */
function otherCpuSince(before, after) {
  if (before.system === undefined || after.system === undefined) return undefined;
  const seconds = (after.at - before.at) / 1000;
  const other = after.system - before.system - (after.ours - before.ours);
  return Math.max(0, Math.round((other / seconds) * 100) / 100);
}

let currentLoad;

/** One autocannon run; kept in `currentLoad` so Ctrl-C can stop it at once. */
async function load(baseUrl, scenario, settings, { seconds, state }) {
  const options = {
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    // Without this a slow server shows up as timeouts rather than as latency.
    timeout: 30,
  };
  // A sequence needs each answer before its next request (the order id), hence pipelining 1.
  const sequence = scenario.sequence?.(state);
  if (sequence) Object.assign(options, { url: baseUrl, requests: sequence.requests, pipelining: 1 });
  else Object.assign(options, { url: baseUrl + scenario.path, ...pick(scenario, ['method', 'headers', 'body']) });
  currentLoad = autocannon(options);
  try {
    const summary = summarize(await currentLoad);
    if (sequence) summary.sequence = sequence.stats(summary.durationSeconds);
    return summary;
  } finally {
    currentLoad = undefined;
  }
}

/** What a run measures, first on its output: the Node the shop runs on (the bench's own), rounds and load. */
function measuringLine(settings, load) {
  return (
    `measuring on Node ${process.version} (the shop runs on the bench's Node): ` +
    `${settings.warmupSeconds} s warm-up + ${settings.rounds} × ${settings.seconds} s per scenario, ${load}`
  );
}

/** One round at an even `rate` (paced-load.mjs): the half-of-peak latency figures. */
async function pacedRound(baseUrl, scenario, settings, { seconds, rate, state }) {
  const sequence = scenario.sequence?.(state);
  // No more sequences at once than there are shoppers (each has one cart).
  const maxInFlight = sequence ? sequence.shoppers : 10 * settings.connections;
  const summary = await pacedLoad({ baseUrl, scenario, sequence, rate, seconds, maxInFlight });
  if (sequence) summary.sequence = sequence.stats(summary.durationSeconds);
  return summary;
}

const pick = (object, keys) => Object.fromEntries(keys.map((key) => [key, object[key]]));

function failuresOf(label, summary) {
  const problems = [];
  if (summary.non2xx > 0) problems.push(`${summary.non2xx} non-2xx answers`);
  if (summary.errors > 0) problems.push(`${summary.errors} connection errors`);
  if (summary.timeouts > 0) problems.push(`${summary.timeouts} timeouts`);
  if (summary.totalRequests === 0) problems.push('no requests completed');
  // A pause (a checkpoint, a neighbour's burst) may skip a start or two; more than 1% means the rate was not held.
  if (summary.skipped > summary.scheduled / 100)
    problems.push(`${summary.skipped} of ${summary.scheduled} starts skipped: the shop fell behind the rate`);
  if (summary.firstError) problems.push(`the scenario's own code failed: ${summary.firstError}`);
  return problems.map((problem) => `${label}: ${problem}`);
}

/** One request (or sequence) by hand: autocannon only sees status codes, so the body is checked here. */
async function preflight(baseUrl, scenario, state) {
  if (scenario.verify) {
    try {
      return await scenario.verify(baseUrl, state);
    } catch (error) {
      throw new Error(`scenario "${scenario.name}" answers wrongly before any load: ${error.message}`);
    }
  }
  const response = await fetch(baseUrl + scenario.path, {
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
  });
  const text = await response.text();
  const problem = scenario.validate ? scenario.validate(response.status, text) : null;
  if (problem) throw new Error(`scenario "${scenario.name}" answers wrongly before any load: ${problem}`);
  return { status: response.status, bytes: Buffer.byteLength(text) };
}

/**
 * `floorUrl`, when given, is the bare handler: after a scenario's half-peak rounds, one more paced round at the same
 * rate goes to it, so the generator's and the machine's own pauses at that rate are printed beside the shop's
 * (issue 29: on a noisy host the bare handler itself misses "p99 ≤ 20 ms, none skipped" at 10,000 req/s and more).
 */
async function measure(baseUrl, scenario, settings, pids, dataDir, floorUrl) {
  const log = (message) => console.log(`  ${scenario.name}: ${message}`);
  let state;
  if (scenario.prepare) {
    const preparing = Date.now();
    state = await scenario.prepare({ baseUrl, dataDir, connections: settings.connections });
    log(`prepared in ${((Date.now() - preparing) / 1000).toFixed(1)} s`);
  }
  if (scenario.sequence && settings.pipelining > 1) log('a sequence runs with pipelining 1');
  const response = await preflight(baseUrl, scenario, state);
  const failures = [];

  log(`warm-up ${settings.warmupSeconds} s (answer ${response.bytes} bytes)`);
  const warmup = await load(baseUrl, scenario, settings, { seconds: settings.warmupSeconds, state });
  failures.push(...failuresOf(`${scenario.name} warm-up`, warmup));

  const cpuBefore = processTreeCpu(pids.server);
  const usageBefore = cpuSnapshot(pids);
  const rounds = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    const summary = await load(baseUrl, scenario, settings, { seconds: settings.seconds, state });
    log(`round ${round}: ${summary.requestsPerSecond} req/s, p99 ${summary.latencyMs.p99} ms`);
    failures.push(...failuresOf(`${scenario.name} round ${round}`, summary));
    rounds.push(summary);
  }
  const cpuAfter = processTreeCpu(pids.server);
  const otherCpuCores = otherCpuSince(usageBefore, cpuSnapshot(pids));
  const chosen = medianRound(rounds, (round) => round.requestsPerSecond);

  // Server CPU per request over the measured rounds: where one request's time goes.
  let cpuPerRequestMs;
  if (cpuBefore && cpuAfter) {
    const requests = rounds.reduce((sum, round) => sum + round.totalRequests, 0);
    cpuPerRequestMs = {
      node: round3(((cpuAfter.node - cpuBefore.node) * 1000) / requests),
      database: round3(((cpuAfter.database - cpuBefore.database) * 1000) / requests),
    };
  }

  let halfPeak;
  if (scenario.halfPeakLatency) {
    const rate = Math.max(1, Math.round(chosen.requestsPerSecond / 2));
    const halfRounds = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      const summary = await pacedRound(baseUrl, scenario, settings, { seconds: settings.seconds, rate, state });
      log(
        `half peak (${rate} req/s, evenly paced) round ${round}: ${summary.requestsPerSecond} req/s, p99 ${summary.latencyMs.p99} ms${summary.skipped ? ` (${summary.skipped} starts skipped)` : ''}`,
      );
      failures.push(...failuresOf(`${scenario.name} half-peak round ${round}`, summary));
      halfRounds.push(summary);
    }
    const halfChosen = medianRound(halfRounds, (round) => round.latencyMs.p99);
    let floor;
    if (floorUrl && !scenario.sequence) {
      const bareRound = await pacedRound(floorUrl, bareScenario, settings, { seconds: settings.seconds, rate });
      floor = { p99Ms: bareRound.latencyMs.p99, skipped: bareRound.skipped, scheduled: bareRound.scheduled };
      log(
        `the bare handler at the same rate: p99 ${floor.p99Ms} ms, ${floor.skipped} of ${floor.scheduled} starts skipped`,
      );
    }
    halfPeak = {
      floor,
      targetRate: rate,
      achievedRequestsPerSecond: halfChosen.requestsPerSecond,
      p50Ms: halfChosen.latencyMs.p50,
      p99Ms: halfChosen.latencyMs.p99,
      sequence: halfChosen.sequence,
      rounds: halfRounds,
    };
  }

  // The server still answers the last run's abandoned requests (an order, a loopback call to the
  // Paystack stand-in); let them end before the next scenario or the shutdown.
  if (scenario.sequence) await sleep(1000);

  return {
    name: scenario.name,
    target: scenario.target,
    method: scenario.method,
    path: scenario.path,
    responseBytes: response.bytes,
    requestsPerSecond: chosen.requestsPerSecond,
    p50Ms: chosen.latencyMs.p50,
    p99Ms: chosen.latencyMs.p99,
    sequence: chosen.sequence,
    compareToBare: scenario.compareToBare !== false,
    medianOfRoundsRequestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
    non2xx: [warmup, ...rounds, ...(halfPeak?.rounds ?? [])].reduce((sum, round) => sum + round.non2xx, 0),
    errors: [warmup, ...rounds, ...(halfPeak?.rounds ?? [])].reduce(
      (sum, round) => sum + round.errors + round.timeouts,
      0,
    ),
    serverCpuPerRequestMs: scenario.target === 'server' ? cpuPerRequestMs : undefined,
    otherCpuCores,
    halfPeak,
    warmup,
    rounds,
    failures,
  };
}

function round3(value) {
  return Math.round(value * 1000) / 1000;
}

function printTable(results) {
  const headers = [
    'target',
    'req/s',
    'p99 ms',
    '% of bare',
    'non-2xx',
    'errors',
    'p99 ms @ half peak',
    'CPU ms/req node+pg',
    'other CPU',
  ];
  // autocannon records whole milliseconds, so a p99 of 0 means under a millisecond.
  const ms = (value) => (value === 0 ? '<1' : String(value));
  const rows = results.map((result) => [
    result.name,
    String(result.requestsPerSecond),
    ms(result.p99Ms),
    result.ratioToBarePercent === undefined ? 'n/a' : result.ratioToBarePercent.toFixed(1),
    String(result.non2xx),
    String(result.errors),
    result.halfPeak ? `${ms(result.halfPeak.p99Ms)} (at ${result.halfPeak.targetRate}/s)` : '',
    result.serverCpuPerRequestMs
      ? `${result.serverCpuPerRequestMs.node} + ${result.serverCpuPerRequestMs.database}`
      : '',
    result.otherCpuCores === undefined ? 'n/a' : result.otherCpuCores.toFixed(2),
  ]);
  printColumns(headers, rows);
  for (const result of results) if (result.sequence) printSequence(result);
}

/** The steps of a sequence scenario, from its own timings in the same rounds as the table's row. */
function printSequence(result) {
  const steps = [
    ['add to cart', 'addToCart'],
    ['create order', 'createOrder'],
    ['initialize payment', 'initializePayment'],
    ['create + initialize', 'createAndInitialize'],
  ];
  const half = result.halfPeak?.sequence;
  const headers = ['step', 'p50 ms', 'p99 ms', half ? `p99 ms @ half peak` : ''].filter(Boolean);
  const rows = steps.map(([label, key]) =>
    [
      label,
      String(result.sequence[key].p50 ?? 'n/a'),
      String(result.sequence[key].p99 ?? 'n/a'),
      half ? String(half[key].p99 ?? 'n/a') : '',
    ].slice(0, headers.length),
  );
  console.log('');
  console.log(
    `${result.name}: ${result.sequence.ordersPerSecond} orders/s` +
      (half ? ` (${half.ordersPerSecond}/s at half peak)` : '') +
      '; each step from writing the request to its answer:',
  );
  printColumns(headers, rows);
}

/** What every run does first: the machine's description, CPU pinning, a built server and a scratch folder. */
function prepareRun() {
  // Before pinning: afterwards availableParallelism() would report the single load CPU.
  const machine = machineInfo();
  const pinning = pinSelf();
  console.log(`CPU pinning: ${pinning.applied ? 'applied' : 'not applied'} (${pinning.reason})`);
  const built = ensureServerBuilt();
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'manukato-bench-'));
  // mkdtemp makes it 0700; as root the embedded PostgreSQL runs as a 'postgres' user that must enter it.
  if (process.getuid?.() === 0) chmodSync(tempRoot, 0o755);
  cleanupTasks.push(() => fs.rm(tempRoot, { recursive: true, force: true }));
  return { machine, pinning, built, tempRoot };
}

/**
 * The bare node:http handler, serving exactly what the shop's GET /api/products/list answers (captured once from
 * the shop itself), on the shop's core: the machine's ceiling that the shop's figures are read as shares of.
 */
async function startBare(serverUrl, tempRoot, pinning) {
  const captured = await fetch(`${serverUrl}/api/products/list`);
  const capturedText = await captured.text();
  const capturedProblem = restListScenario.validate(captured.status, capturedText);
  if (capturedProblem) throw new Error(`could not capture /api/products/list for the bare handler: ${capturedProblem}`);
  const bodyFile = path.join(tempRoot, 'bare-body.json');
  await fs.writeFile(bodyFile, capturedText);
  const bare = await startBareHandler({ bodyFile, pinned: pinning.applied });
  cleanupTasks.push(() => stopListeningChild(bare));
  return bare;
}

async function main() {
  const settings = readSettings();
  const selected = settings.only ? scenarios.filter((scenario) => settings.only.includes(scenario.name)) : scenarios;
  const runHostile = !settings.only || settings.only.includes('hostile');
  if (selected.length === 0 && !runHostile)
    throw new Error(`BENCH_SCENARIOS matched none of: ${scenarios.map((s) => s.name).join(', ')}`);

  const { machine, pinning, built, tempRoot } = prepareRun();

  console.log('starting the server on a fresh embedded database…');
  const started = Date.now();
  const server = await startServer({ dataDir: path.join(tempRoot, 'data'), pinned: pinning.applied }).catch(
    async (error) => {
      if (error.handle) await stopServer(error.handle);
      throw error;
    },
  );
  // Stop the server before removing its directory: cleanup runs in reverse order.
  cleanupTasks.push(() => stopServer(server));
  console.log(`server healthy at ${server.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const bare = await startBare(server.url, tempRoot, pinning);

  console.log(measuringLine(settings, `${settings.connections} connections, pipelining ${settings.pipelining}`));
  const results = [];
  for (const scenario of selected) {
    const baseUrl = scenario.target === 'bare' ? bare.url : server.url;
    const pids = { server: server.child.pid, bare: bare.child.pid };
    results.push(await measure(baseUrl, scenario, settings, pids, server.dataDir));
  }

  const hostile = runHostile ? await measureHostile(server.url, settings) : undefined;

  const baseline = results.find((result) => result.target === 'bare');
  for (const result of results) {
    if (baseline && result.compareToBare)
      result.ratioToBarePercent = Math.round((result.requestsPerSecond / baseline.requestsPerSecond) * 1000) / 10;
  }

  console.log('');
  printTable(results);
  console.log('');
  console.log(
    "req/s and p99 are from the median round; CPU ms/req is the shop's node vs its PostgreSQL over the measured rounds;\n" +
      'other CPU is the cores other processes on the machine used meanwhile (should be near 0).',
  );
  const busiest = Math.max(0, ...results.map((result) => result.otherCpuCores ?? 0));
  if (busiest >= 0.15) {
    console.warn(`warning: other processes used up to ${busiest} cores during measurement; numbers are low and noisy.`);
  }

  if (hostile) {
    console.log(
      `hostile: storefront p99 ${hostile.alone.p99Ms} ms alone, ${hostile.attacked.p99Ms} ms beside the attacks ` +
        `(ratio ${hostile.ratio}, goal ≤ 2${hostile.withinGoal ? '' : ': MISSED'})`,
    );
  }
  const failures = [...results.flatMap((result) => result.failures), ...(hostile?.failures ?? [])];
  const report = {
    createdAt: new Date().toISOString(),
    ok: failures.length === 0,
    failures,
    machine,
    pinning,
    settings: { ...settings, builtServer: built },
    results,
    hostile,
  };
  const resultsDir = path.join(benchDir, 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, 'latest.json');
  await fs.writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), resultsFile)}`);

  if (failures.length > 0) {
    throw new Error(`the load saw failed requests, so these numbers are not valid:\n  ${failures.join('\n  ')}`);
  }
}

/**
 * One catalogue size: anonymous and signed-in uncached pages, a faceted list, the cached page without and then with orders
 * placed at 5/s, and checkout; the instance's peak RSS over all of it.
 */
/**
 * One phase of the scale run. `restListBare`, when given, is a second bare handler serving this phase's own REST list
 * bytes: the REST list is judged against it (at 50,019 products the list's page is ~96 KB, the base's 14 KB), while
 * every other share stays a share of `bare`.
 */
async function measurePhase(server, bare, settings, shoppers, label, restListBare) {
  console.log(`\n— ${label} —`);
  const pids = { server: server.child.pid, bare: bare.child.pid };
  const urlOf = (target) => (target === 'bare' ? bare.url : target === 'restListBare' ? restListBare.url : server.url);
  const memory = startMemorySampler(server.child.pid);
  const reads = readScenarios(shoppers.reader.token);
  // A scenario that cannot run (its checked request answers wrongly) is reported as failed; the run goes on.
  const run = (scenario) =>
    measure(
      urlOf(scenario.target),
      scenario,
      settings,
      pids,
      server.dataDir,
      scenario.target === 'server' ? bare.url : undefined,
    ).catch((error) => {
      console.warn(`  ${scenario.name}: not measured: ${error.message}`);
      return { name: scenario.name, requestsPerSecond: 0, p99Ms: 0, non2xx: 0, errors: 0, failures: [error.message] };
    });
  const phase = { label };
  // The machine's ceiling in this phase: every throughput goal is a share of it (issue 29).
  phase.bare = await run(bareScenario);
  phase.anonymous = await run(reads.anonymous);
  phase.signedIn = await run(reads.signedIn);
  phase.faceted = await run(reads.faceted);
  phase.pages = [];
  for (const page of pageScenarios(shoppers.reader.token, '/product/1')) phase.pages.push(await run(page));
  phase.restList = await run(restListScenario);
  if (restListBare) {
    phase.restListBare = await run({
      ...bareScenario,
      name: 'bare node:http handler, the REST list bytes of this phase',
      target: 'restListBare',
    });
  }
  phase.cached = await run(reads.cached);
  const orders = startBackgroundOrders(server.url, {
    buyers: shoppers.buyers,
    productId: shoppers.checkout.productIds[0],
  });
  try {
    phase.cachedWithOrders = await run({ ...reads.cached, name: 'cached page (GET), orders at 5/s' });
  } finally {
    phase.backgroundOrders = await orders.stop();
  }
  console.log(
    `  background orders: ${phase.backgroundOrders.ordersPerSecond}/s achieved ` +
      `(${phase.backgroundOrders.placed} placed, ${phase.backgroundOrders.failed} failed)`,
  );
  phase.checkout = await run(checkoutScenario(shoppers.checkout, server.dataDir));
  phase.rssMb = memory.stop();
  console.log('');
  const ofBare = (result) => ({
    ...result,
    ratioToBarePercent:
      result === phase.bare || !phase.bare.requestsPerSecond
        ? undefined
        : Math.round((result.requestsPerSecond / phase.bare.requestsPerSecond) * 1000) / 10,
  });
  printTable(resultsOf(phase).map(ofBare));
  console.log(`peak RSS of the instance: ${phase.rssMb ?? 'n/a'} MB`);
  return phase;
}

/** A phase's results in the order they were measured. */
const resultsOf = (phase) => [
  phase.bare,
  phase.anonymous,
  phase.signedIn,
  phase.faceted,
  ...phase.pages,
  phase.cached,
  phase.restList,
  ...(phase.restListBare ? [phase.restListBare] : []),
  phase.cachedWithOrders,
  phase.checkout,
];

/** Issue 11's run: the same measurements at 19 products and at 19 + BENCH_PRODUCTS, in one run. */
async function scaleMain() {
  const settings = readSettings();
  const { machine, pinning, built, tempRoot } = prepareRun();
  const dataDir = path.join(tempRoot, 'data');
  console.log(
    measuringLine(settings, `${settings.connections} connections; then ${settings.products} generated products`),
  );

  const start = async () => {
    const server = await startServer({ dataDir, pinned: pinning.applied }).catch(async (error) => {
      if (error.handle) await stopServer(error.handle);
      throw error;
    });
    const stop = () => stopServer(server);
    cleanupTasks.push(stop);
    return { server, stop };
  };

  let { server, stop } = await start();
  const bare = await startBare(server.url, tempRoot, pinning);
  const shoppers = await prepareShoppers({ baseUrl: server.url, dataDir, connections: settings.connections });
  const small = await measurePhase(server, bare, settings, shoppers, 'the 19 sample products');
  await stop();
  cleanupTasks.splice(cleanupTasks.indexOf(stop), 1);

  console.log(`\nseed:catalogue --products ${settings.products}…`);
  const seedSeconds = await seedCatalogue(dataDir, settings.products);
  console.log(`seeded in ${seedSeconds} s (including starting and stopping the database)`);

  ({ server, stop } = await start());
  // Started after the 19-product bare handler read its body file, which this one writes again.
  const restListBare = await startBare(server.url, tempRoot, pinning);
  const large = await measurePhase(
    server,
    bare,
    settings,
    shoppers,
    `${settings.products + 19} products`,
    restListBare,
  );
  console.log(`\n— hostile-search at ${settings.products + 19} products —`);
  const hostileSearch = await measureHostileSearch(server.url, server.child.pid, settings);
  await stop();
  cleanupTasks.splice(cleanupTasks.indexOf(stop), 1);
  const metricsOverhead = await measureMetricsOverhead(overheadParts(settings, pinning, tempRoot));

  const goals = [
    ...scaleGoals({ small, large, products: settings.products + 19 }),
    ...hostileSearchGoals(hostileSearch, settings.products + 19),
    ...metricsOverheadGoals(metricsOverhead),
  ];
  printGoals(goals);
  const failures = [
    ...[small, large].flatMap((phase) => resultsOf(phase).flatMap((result) => result.failures)),
    ...hostileSearch.failures,
    ...metricsOverhead.failures,
  ];
  if (failures.length > 0)
    console.warn(`\nwarning: failed requests, so some numbers are not valid:\n  ${failures.join('\n  ')}`);
  const resultsDir = path.join(benchDir, 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, 'latest.json');
  const report = {
    createdAt: new Date().toISOString(),
    kind: 'scale',
    machine,
    pinning,
    settings: { ...settings, builtServer: built },
    seedSeconds,
    goals: goals.map(([what, result, goal, met]) => ({ what, result, goal, met })),
    phases: { small, large },
    hostileSearch,
    metricsOverhead,
    failures,
  };
  await fs.writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), resultsFile)}`);
}

/** What bench/metrics-overhead.mjs needs of this file: the shops' start and stop, and the measure. */
function overheadParts(settings, pinning, tempRoot) {
  return { settings, pinning, tempRoot, startServer, stopServer, measure, cleanupTasks };
}

/** `BENCH_SCENARIOS=metrics-overhead`: the uncached page and checkout with metrics off and on, side by side. */
async function metricsOverheadMain() {
  const settings = readSettings();
  const { machine, pinning, built, tempRoot } = prepareRun();
  console.log(measuringLine(settings, `${settings.connections} connections, metrics off and on`));
  const overhead = await measureMetricsOverhead(overheadParts(settings, pinning, tempRoot));
  const goals = metricsOverheadGoals(overhead);
  printGoals(goals, 'metrics overhead (issue 28):');
  if (overhead.failures.length > 0) console.warn(`\nwarning: failed requests:\n  ${overhead.failures.join('\n  ')}`);
  const resultsFile = path.join(benchDir, 'results', 'latest.json');
  await fs.mkdir(path.dirname(resultsFile), { recursive: true });
  const goalRecords = goals.map(([what, result, goal, met]) => ({ what, result, goal, met }));
  const report = { createdAt: new Date().toISOString(), kind: 'metrics-overhead', machine, pinning, settings };
  await fs.writeFile(
    resultsFile,
    `${JSON.stringify({ ...report, built, goals: goalRecords, ...overhead }, null, 2)}\n`,
  );
  console.log(`results written to ${path.relative(process.cwd(), resultsFile)}`);
}

/** `BENCH_SCENARIOS=hostile-mix`: BENCH_PRODUCTS seeded, then bench/hostile-mix.mjs against one instance. */
async function hostileMixMain() {
  const settings = readSettings();
  const { machine, pinning, built, tempRoot } = prepareRun();
  const dataDir = path.join(tempRoot, 'data');
  console.log(`seed:catalogue --products ${settings.products} into a fresh database…`);
  const seedSeconds = await seedCatalogue(dataDir, settings.products);
  const server = await startServer({ dataDir, pinned: pinning.applied }).catch(async (error) => {
    if (error.handle) await stopServer(error.handle);
    throw error;
  });
  cleanupTasks.push(() => stopServer(server));
  console.log(`seeded in ${seedSeconds} s; the shop is up at ${server.url}`);
  const { rows, report } = await measureHostileMix({ baseUrl: server.url, pid: server.child.pid });
  printGoals(rows, `hostile mix at ${(settings.products + 19).toLocaleString('en')} products (issue 23 item 9):`);
  const resultsDir = path.join(benchDir, 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, 'latest.json');
  const goals = rows.map(([what, result, goal, met]) => ({ what, result, goal, met }));
  const result = {
    createdAt: new Date().toISOString(),
    kind: 'hostile-mix',
    machine,
    pinning,
    built,
    goals,
    ...report,
  };
  await fs.writeFile(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), resultsFile)}`);
}

/**
 * `BENCH_SCENARIOS=dashboard`: BENCH_ORDERS generated orders (seeded once into BENCH_DASHBOARD_DATA_DIR when given),
 * then every dashboard query as the owner, uncached, judged against p99 ≤ 200 ms (issue 27, bench/dashboard.mjs).
 */
async function dashboardMain() {
  const settings = readSettings();
  const orders = positiveInteger('BENCH_ORDERS', 1_000_000);
  const { machine, pinning, built, tempRoot } = prepareRun();
  const dataDir = process.env.BENCH_DASHBOARD_DATA_DIR
    ? path.resolve(process.env.BENCH_DASHBOARD_DATA_DIR)
    : path.join(tempRoot, 'data');
  console.log(`seed:orders --orders ${orders} into ${dataDir} (once)…`);
  const seeding = await ensureOrders(dataDir, orders);
  console.log(
    seeding.seeded ? `seeded in ${seeding.seconds} s` : `found the orders (seeded earlier in ${seeding.seconds} s)`,
  );
  const server = await startServer({ dataDir, pinned: pinning.applied }).catch(async (error) => {
    if (error.handle) await stopServer(error.handle);
    throw error;
  });
  cleanupTasks.push(() => stopServer(server));
  const token = await signInOwner(server.url, dataDir);
  const bare = await startBare(server.url, tempRoot, pinning);
  const pids = { server: server.child.pid, bare: bare.child.pid };
  console.log(measuringLine(settings, `${settings.connections} connections, the owner's dashboard queries`));
  const results = [];
  for (const scenario of dashboardScenarios(token, orders)) {
    results.push(await measure(server.url, scenario, settings, pids, dataDir));
  }
  // The tracking link's page, beside a product page and the bare handler measured in the same run.
  const bareResult = await measure(bare.url, bareScenario, settings, pids, dataDir);
  const pages = [];
  for (const scenario of trackingScenarios(await trackingTokenOf(server.url, token))) {
    pages.push({ ...(await measure(server.url, scenario, settings, pids, dataDir)), judged: scenario.judged });
  }
  console.log('');
  printTable([...results, bareResult, ...pages]);
  const goals = [...dashboardGoals(results, orders), ...trackingGoals(bareResult, pages, orders)];
  printGoals(goals, `the owner's dashboard and the tracking page at ${orders.toLocaleString('en')} orders (issue 27):`);
  const resultsDir = path.join(benchDir, 'results');
  await fs.mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, 'latest.json');
  const report = {
    createdAt: new Date().toISOString(),
    kind: 'dashboard',
    machine,
    pinning,
    settings: { ...settings, orders, builtServer: built },
    seeding,
    goals: goals.map(([what, result, goal, met]) => ({ what, result, goal, met })),
    results: [...results, bareResult, ...pages],
  };
  await fs.writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results written to ${path.relative(process.cwd(), resultsFile)}`);
}

// Run newest first, once, whether the bench ends, fails or is interrupted.
const cleanupTasks = [];
let cleanupPromise;
function cleanup() {
  cleanupPromise ??= (async () => {
    for (const task of cleanupTasks.splice(0).reverse()) {
      await task().catch((error) => console.error(`cleanup: ${error.message}`));
    }
  })();
  return cleanupPromise;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the load and the server…`);
    currentLoad?.stop();
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * `BENCH_SCENARIOS=hostile-search`: the scale run's hostile-search scenario alone, at 19 + BENCH_PRODUCTS products
 * (seeded as the scale run does), without the other measurements.
 */
async function hostileSearchMain() {
  const settings = readSettings();
  const { pinning, tempRoot } = prepareRun();
  const dataDir = path.join(tempRoot, 'data');
  const start = async () => {
    const server = await startServer({ dataDir, pinned: pinning.applied });
    const stop = () => stopServer(server);
    cleanupTasks.push(stop);
    return { server, stop };
  };
  let { server, stop } = await start();
  await stop();
  cleanupTasks.splice(cleanupTasks.indexOf(stop), 1);
  console.log(`seed:catalogue --products ${settings.products}…`);
  await seedCatalogue(dataDir, settings.products);
  ({ server } = await start());
  console.log(measuringLine(settings, `hostile-search at ${settings.products + 19} products`));
  const result = await measureHostileSearch(server.url, server.child.pid, settings);
  printGoals(hostileSearchGoals(result, settings.products + 19));
  if (result.failures.length > 0) console.warn(`\nwarning:\n  ${result.failures.join('\n  ')}`);
}

try {
  const modes = {
    'hostile-search': hostileSearchMain,
    'hostile-mix': hostileMixMain,
    dashboard: dashboardMain,
    'metrics-overhead': metricsOverheadMain,
  };
  await (modes[process.env.BENCH_SCENARIOS] ?? (process.env.BENCH_SCENARIOS ? main : scaleMain))();
  await cleanup();
} catch (error) {
  console.error(`\nbench failed: ${error.message}`);
  await cleanup();
  process.exitCode = 1;
}
