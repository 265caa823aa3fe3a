/**
 * `BENCH_SCENARIOS=dashboard` (issue 27, decision 0104): every dashboard query of the owner, uncached, at
 * BENCH_ORDERS generated orders (default 1,000,000 over two years, `seed:orders`): the spec's cards, the sales
 * figures over 30 days and over two years, and their CSVs. Each is loaded by autocannon as the admin; the p99 of the
 * median round is judged against 200 ms.
 *
 * Generating a million orders takes minutes: BENCH_DASHBOARD_DATA_DIR names a data directory kept between runs. The
 * first run seeds it (the shop's schema, the sample catalogue, the orders); later runs find the orders and go
 * straight to the measurements.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { repositoryRoot } from './processes.mjs';
import { registerShopper, signInShopper } from './orders.mjs';

export const dashboardP99GoalMs = 200;

/** Days before today (Nairobi), YYYY-MM-DD. */
function nairobiDay(daysAgo = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const salesQuery = `query ($range: DashboardRangeInput!) { salesDashboard(range: $range) {
  from to days previousFrom previousTo
  current { paidRevenueCents paidOrders averageOrderValueCents refundedCents refunds paymentAttempts failedPaymentAttempts paymentFailureRate }
  previous { paidRevenueCents paidOrders averageOrderValueCents refundedCents refunds paymentAttempts failedPaymentAttempts paymentFailureRate }
  toCollectOrders toCollectCents
  byDay { day paidRevenueCents paidOrders refundedCents }
  byPaymentMethod { paymentMethod paidRevenueCents paidOrders paymentAttempts failedPaymentAttempts }
  byLocation { deliveryLocationId name paidRevenueCents paidOrders }
  topProducts { productId name quantitySold revenueCents }
  topSizes { productId variantId name sizeLabel quantitySold revenueCents }
} }`;

const cardsQuery = `{ dashboard { totalProducts pendingOrders deliveredOrders cancelledOrders totalSalesCents
  toCollectOrders toCollectCents lowStockThreshold lowStockCount lowStockProducts { id name quantity }
  recentUsers { id first last email phone role } } }`;

/** Runs `seed:orders` from the build against the data directory's database (started by the generator). */
export async function seedOrders(dataDir, orders) {
  const entry = path.join(repositoryRoot, 'server', 'dist', 'seed-orders-main.js');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.UPLOADS_DIR;
  const started = performance.now();
  const child = spawn(process.execPath, [entry, '--orders', String(orders)], { env, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:orders exited with code ${code}`);
  return Math.round((performance.now() - started) / 100) / 10;
}

/** Seeds the directory once: a marker beside the database says how many orders it holds. */
export async function ensureOrders(dataDir, orders) {
  const marker = path.join(dataDir, 'bench-orders.json');
  if (existsSync(marker)) {
    const held = JSON.parse(await fs.readFile(marker, 'utf8'));
    if (held.orders === orders) return { seeded: false, orders, seconds: held.seconds };
    throw new Error(`${dataDir} holds ${held.orders} generated orders, not ${orders}: use another directory`);
  }
  await fs.mkdir(dataDir, { recursive: true });
  const seconds = await seedOrders(dataDir, orders);
  await fs.writeFile(marker, `${JSON.stringify({ orders, seconds, at: new Date().toISOString() })}\n`);
  return { seeded: true, orders, seconds };
}

/**
 * The owner signs up with the configured admin e-mail (ADMIN_EMAIL's default) through the real flow, or, in a data
 * directory kept from an earlier run, signs in.
 */
export async function signInOwner(baseUrl, dataDir) {
  const email = 'admin@manukato.co.ke';
  const owner =
    (await signInShopper(baseUrl, email)) ?? (await registerShopper(baseUrl, path.join(dataDir, 'outbox'), email));
  return owner.token;
}

function graphqlScenario(name, token, query, variables, check) {
  const body = JSON.stringify({ query, variables });
  return {
    name,
    target: 'server',
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
    compareToBare: false,
    validate(status, text) {
      if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
      const answer = JSON.parse(text);
      if (answer.errors) return `errors: ${JSON.stringify(answer.errors).slice(0, 300)}`;
      return check(answer.data);
    },
  };
}

function csvScenario(name, token, query) {
  return {
    name,
    target: 'server',
    method: 'GET',
    path: `/api/admin/export/sales.csv?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${token}` },
    compareToBare: false,
    validate(status, text) {
      if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
      return text.startsWith('Section,Name,Paid revenue (Ksh)') ? null : `not the sales CSV: ${text.slice(0, 100)}`;
    },
  };
}

/** The dashboard's queries: the spec's cards, the sales figures and their CSV over 30 days and two years. */
export function dashboardScenarios(token, orders) {
  const twoYears = { period: 'CUSTOM', from: nairobiDay(730), to: nairobiDay(0) };
  const paidSome = (data) =>
    data.salesDashboard.current.paidOrders > 0 ? null : 'no paid orders in the range: were the orders generated?';
  return [
    graphqlScenario('dashboard: spec cards (dashboard)', token, cardsQuery, undefined, (data) =>
      data.dashboard.deliveredOrders + data.dashboard.pendingOrders + data.dashboard.cancelledOrders >= orders
        ? null
        : `the cards count fewer orders than the ${orders} generated`,
    ),
    graphqlScenario('dashboard: sales, 30 days', token, salesQuery, { range: { period: 'LAST_30_DAYS' } }, paidSome),
    graphqlScenario(
      'dashboard: sales, two years',
      token,
      salesQuery,
      { range: twoYears },
      (data) =>
        paidSome(data) ?? (data.salesDashboard.days === 731 ? null : `a range of ${data.salesDashboard.days} days`),
    ),
    csvScenario('dashboard: sales CSV, 30 days', token, { period: 'last_30_days' }),
    csvScenario('dashboard: sales CSV, two years', token, {
      period: 'custom',
      from: twoYears.from,
      to: twoYears.to,
    }),
  ];
}

const trackingQuery = `query ($token: String!) { orderTracking(token: $token) {
  id orderNumber stage stageLabel riderName riderPhone courierName trackingNumber nextAttemptOn
  deliveryLocation { id name deliveryTime } steps { id stage title detail at } lines { id name quantity }
} }`;

/** One generated order's tracking token, as the owner's order list shows it (the newest order). */
export async function trackingTokenOf(baseUrl, token) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ adminOrders(limit: 1) { orders { id trackingToken } } }' }),
  });
  const answer = await response.json();
  const found = answer.data?.adminOrders.orders[0]?.trackingToken;
  if (!found) throw new Error(`no order to track: ${JSON.stringify(answer).slice(0, 300)}`);
  return found;
}

function expectTracking(status, text) {
  if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
  const answer = JSON.parse(text);
  return answer.data?.orderTracking?.steps?.length > 0 ? null : `no tracking: ${text.slice(0, 300)}`;
}

function expectPage(status, text) {
  if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
  return /^<!doctype html>/i.test(text) ? null : `not an HTML page: ${text.slice(0, 300)}`;
}

/**
 * What a shopper following a message's link loads at this many orders, beside a product page in the same run: the
 * tracking page's HTML and its data (`orderTracking`, anonymous: the link is the key). Judged as the product page is.
 */
export function trackingScenarios(trackingToken) {
  return [
    {
      name: 'product page (HTML)',
      target: 'server',
      method: 'GET',
      path: '/product/1',
      headers: { accept: 'text/html' },
      validate: expectPage,
      halfPeakLatency: true,
    },
    {
      name: 'tracking page (HTML)',
      target: 'server',
      method: 'GET',
      path: `/track/${trackingToken}`,
      headers: { accept: 'text/html' },
      validate: expectPage,
      halfPeakLatency: true,
    },
    {
      // As the storefront asks for it (Apollo sends queries as GET): anonymous, so kept until the order moves.
      name: 'tracking page data (orderTracking GET)',
      target: 'server',
      method: 'GET',
      path: `/graphql?${new URLSearchParams({ query: trackingQuery, variables: JSON.stringify({ token: trackingToken }) })}`,
      headers: { 'apollo-require-preflight': 'true' },
      halfPeakLatency: true,
      validate: expectTracking,
    },
    {
      // A signed-in shopper's look-up is never kept: the uncached cost, shown beside the goal, not judged by it.
      name: 'tracking page data (orderTracking POST, uncached)',
      target: 'server',
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: trackingQuery, variables: { token: trackingToken } }),
      judged: false,
      validate: expectTracking,
    },
  ];
}

/** The product page's goal (bench/scale.mjs): at least this share of the bare handler's req/s, same run. */
export const pageShareOfBareGoalPercent = 10;
/** Issue 29's latency goal for a page shoppers load, at half of its peak rate. */
export const pageHalfPeakP99GoalMs = 20;

/** Goal rows for the tracking page against the bare handler, beside the product page measured in the same run. */
export function trackingGoals(bare, pages, orders) {
  const base = bare.requestsPerSecond;
  const share = (result) => (base > 0 ? Math.round((result.requestsPerSecond / base) * 1000) / 10 : 0);
  return [
    [`bare node:http handler (what the shares below are of)`, `${base} req/s`, '(base)'],
    ...pages.map((page) => {
      if (page.judged === false)
        return [
          `${page.name} at ${orders.toLocaleString('en')} orders`,
          `${share(page)}% of bare (${page.requestsPerSecond} req/s)`,
          '(not judged)',
        ];
      const halfPeakP99 = page.halfPeak?.p99Ms ?? Infinity;
      return [
        `${page.name} at ${orders.toLocaleString('en')} orders`,
        `${share(page)}% of bare (${page.requestsPerSecond} req/s), p99 at half peak ${page.halfPeak?.p99Ms ?? 'n/a'} ms`,
        `≥ ${pageShareOfBareGoalPercent}%, ≤ ${pageHalfPeakP99GoalMs} ms`,
        page.non2xx === 0 &&
          page.errors === 0 &&
          share(page) >= pageShareOfBareGoalPercent &&
          halfPeakP99 <= pageHalfPeakP99GoalMs,
      ];
    }),
  ];
}

/** Goal rows [what, result, goal, met] for printGoals. */
export function dashboardGoals(results, orders) {
  return results.map((result) => [
    `${result.name} at ${orders.toLocaleString('en')} orders, p99 (uncached, ${result.requestsPerSecond} req/s)`,
    `${result.p99Ms} ms`,
    `≤ ${dashboardP99GoalMs} ms`,
    result.failures.length === 0 && result.p99Ms <= dashboardP99GoalMs,
  ]);
}
