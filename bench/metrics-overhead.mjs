/**
 * Issue 28's overhead check (decision 0107): the uncached page and checkout on a shop with metrics off beside one
 * with metrics on (tracing off in both), printed side by side with their ratio; the goal is within 5%.
 *
 * Both shops run at once, each on its own fresh database with the 19 sample products, and their rounds alternate
 * (off, on, on, off, …; an even number, at least four), so a neighbour's burst or the orders piling up weigh on
 * both alike. Each round is run-bench.mjs's measure with one round (its own warm-up first); the means of the rounds
 * are reported, with the shop's own CPU per request, the steadier figure on a shared machine. While metrics are on,
 * Prometheus' scrape is done after every round, so its cost is inside the figures.
 */
import path from 'node:path';
import { printColumns } from './columns.mjs';
import { readScenarios, checkoutScenario, prepareShoppers } from './scale.mjs';

const metricsToken = 'bench-metrics-token-0123456789';

/** Tracing stays off whatever the environment (or .env) says: this compares metrics alone. */
const tracingOff = {
  OTEL_SDK_DISABLED: 'true',
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
};
const variants = [
  { key: 'off', label: 'metrics off', env: { ...tracingOff, METRICS_TOKEN: '', METRICS_PORT: '' } },
  { key: 'on', label: 'metrics on', env: { ...tracingOff, METRICS_TOKEN: metricsToken, METRICS_PORT: '' } },
];

async function scrape(baseUrl, token) {
  return fetch(`${baseUrl}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

/** Each variant's shop says what it is: a 404 where metrics are off, the families where they are on. */
async function checkVariant(variant, server) {
  const answer = await scrape(server.url, variant.key === 'on' ? metricsToken : undefined);
  const text = await answer.text();
  if (variant.key === 'off' && answer.status !== 404)
    throw new Error(`metrics should be off but /metrics answered ${answer.status} (METRICS_TOKEN in .env?)`);
  if (variant.key === 'on' && (answer.status !== 200 || !text.includes('manukato_http_requests_total')))
    throw new Error(`metrics should be on but /metrics answered ${answer.status}`);
}

/**
 * Starts both shops, measures, prints the comparison and answers it. `startServer`, `stopServer` and `measure`
 * are run-bench.mjs's own; `cleanupTasks` gets each shop's stop.
 */
export async function measureMetricsOverhead({
  settings,
  pinning,
  tempRoot,
  startServer,
  stopServer,
  measure,
  cleanupTasks,
}) {
  console.log('\n— metrics on and off (tracing off), side by side —');
  const shops = [];
  for (const variant of variants) {
    const dataDir = path.join(tempRoot, `metrics-${variant.key}`);
    const server = await startServer({ dataDir, pinned: pinning.applied, env: variant.env });
    cleanupTasks.push(() => stopServer(server));
    await checkVariant(variant, server);
    const shoppers = await prepareShoppers({ baseUrl: server.url, dataDir, connections: settings.connections });
    const scenarios = [
      { ...readScenarios(shoppers.reader.token).anonymous, halfPeakLatency: false },
      { ...checkoutScenario(shoppers.checkout, dataDir), halfPeakLatency: false },
    ];
    shops.push({ variant, server, dataDir, scenarios });
  }
  const oneRound = { ...settings, rounds: 1 };
  // An even number of rounds, at least four: off, on, on, off, … weighs a drift on both alike.
  const roundCount = Math.max(4, settings.rounds + (settings.rounds % 2));
  const rows = [];
  const failures = [];
  for (let index = 0; index < shops[0].scenarios.length; index += 1) {
    const rounds = { off: [], on: [] };
    for (let round = 0; round < roundCount; round += 1) {
      const order = round % 2 === 0 ? shops : [...shops].reverse();
      for (const shop of order) {
        const scenario = shop.scenarios[index];
        const pids = { server: shop.server.child.pid };
        const named = { ...scenario, name: `${scenario.name}, ${shop.variant.label}` };
        const result = await measure(shop.server.url, named, oneRound, pids, shop.dataDir);
        failures.push(...result.failures);
        rounds[shop.variant.key].push(result);
        if (shop.variant.key === 'on') await (await scrape(shop.server.url, metricsToken)).text();
      }
    }
    const mean = (key, measureOf) => rounds[key].reduce((sum, result) => sum + measureOf(result), 0) / roundCount;
    const figures = (key) => ({
      requestsPerSecond: Math.round(mean(key, (result) => result.requestsPerSecond)),
      p99Ms: Math.round(mean(key, (result) => result.p99Ms)),
      cpuMsPerRequest: Math.round(mean(key, (result) => result.serverCpuPerRequestMs?.node ?? 0) * 1000) / 1000,
    });
    const compact = (key) =>
      rounds[key].map((result) => ({
        requestsPerSecond: result.requestsPerSecond,
        p99Ms: result.p99Ms,
        cpuMsPerRequest: result.serverCpuPerRequestMs?.node,
      }));
    const row = {
      scenario: shops[0].scenarios[index].name,
      off: figures('off'),
      on: figures('on'),
      rounds: { off: compact('off'), on: compact('on') },
    };
    row.ratio = row.off.requestsPerSecond
      ? Math.round((row.on.requestsPerSecond / row.off.requestsPerSecond) * 1000) / 1000
      : 0;
    row.withinGoal = row.ratio >= 0.95;
    rows.push(row);
  }
  printOverhead(rows);
  return { rows, failures };
}

function printOverhead(rows) {
  const headers = [
    'scenario',
    'req/s off',
    'req/s on',
    'on / off',
    'p99 ms off',
    'p99 ms on',
    'node CPU ms/req off',
    'on',
    'goal ≥ 0.95',
  ];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.off.requestsPerSecond),
    String(row.on.requestsPerSecond),
    row.ratio.toFixed(3),
    String(row.off.p99Ms),
    String(row.on.p99Ms),
    String(row.off.cpuMsPerRequest),
    String(row.on.cpuMsPerRequest),
    row.withinGoal ? 'met' : 'MISSED',
  ]);
  console.log('');
  printColumns(headers, cells);
  console.log(
    'means of alternating rounds (off, on, on, off, …); metrics on includes a scrape of /metrics after each round.',
  );
}

/** The comparison as goal rows (scale.mjs's printGoals): req/s with metrics on over off, each at least 0.95. */
export function metricsOverheadGoals({ rows }) {
  return rows.map((row) => [
    `metrics on / off, ${row.scenario} (req/s; issue 28)`,
    `${row.ratio.toFixed(3)} (${row.on.requestsPerSecond} / ${row.off.requestsPerSecond})`,
    '≥ 0.95',
    row.withinGoal,
  ]);
}
