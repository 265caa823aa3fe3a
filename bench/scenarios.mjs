/**
 * What `npm run bench` measures. Add a scenario by appending to `scenarios`; nothing else in the
 * bench needs to change.
 *
 * Fields:
 * - name: shown in the table and used as the key in results JSON (and by BENCH_SCENARIOS).
 * - target: 'server' (the real shop) or 'bare' (the in-memory baseline every ratio is taken against).
 * - method, path, headers, body: the request autocannon repeats (body as a string).
 * - halfPeakLatency: also measure p99 at half of this scenario's measured peak rate, which is closer
 *   to what users see on a busy-but-not-saturated server than the p99 at saturation.
 * - validate(status, text): checked once before measuring, because a 200 can still be a GraphQL
 *   error or an empty list, and autocannon only counts status codes. Returns an error text or null.
 * - compareToBare: false leaves the scenario out of the "% of bare" column.
 *
 * A scenario that is a sequence of requests instead of one repeated request has, in place of
 * method/path/headers/body/validate:
 * - prepare({ baseUrl, dataDir, connections }): runs once before its load; answers a state.
 * - verify(baseUrl, state): runs the sequence once by hand, checking bodies; answers { status, bytes }.
 * - sequence(state): a fresh { requests, stats(seconds) } for each autocannon run: the `requests`
 *   array (with setupRequest/onResponse) and the run's extra timings. Always run with pipelining 1.
 *
 * Scenarios that write (e.g. order creation) should make each request valid on its own (unique
 * keys, enough stock) since they repeat thousands of times against one database.
 */

import { orderSequence, prepareOrders, verifyOrderSequence } from './orders.mjs';

export const productsQuery =
  '{ products { id name category priceCents salePriceCents onSale inStock images { id url } } }';

// Apollo's CSRF prevention refuses "simple" requests, so every GraphQL call names its content type.
const graphqlHeaders = { 'content-type': 'application/json', accept: 'application/json' };

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function expectGraphqlList(field) {
  return (status, text) => {
    const body = parseJson(text);
    if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
    if (!body) return `not JSON: ${text.slice(0, 300)}`;
    if (body.errors?.length) return `GraphQL errors: ${JSON.stringify(body.errors).slice(0, 300)}`;
    if (!Array.isArray(body.data?.[field]) || body.data[field].length === 0) return `no ${field} in answer`;
    return null;
  };
}

function expectRestList(status, text) {
  const body = parseJson(text);
  if (status !== 200) return `status ${status}: ${text.slice(0, 300)}`;
  if (!body?.success || !Array.isArray(body.data) || body.data.length === 0) {
    return `unexpected answer: ${text.slice(0, 300)}`;
  }
  return null;
}

export const scenarios = [
  {
    // What the storefront sends: a GET with the CSRF header, answered from the response cache.
    name: 'graphql products (cached GET)',
    target: 'server',
    method: 'GET',
    path: `/graphql?query=${encodeURIComponent(productsQuery)}`,
    headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    halfPeakLatency: true,
    validate: expectGraphqlList('products'),
  },
  {
    // A POST is never cached: this is the full path through Apollo, type-graphql and MikroORM.
    name: 'graphql products (uncached POST)',
    target: 'server',
    method: 'POST',
    path: '/graphql',
    headers: graphqlHeaders,
    body: JSON.stringify({ query: productsQuery }),
    halfPeakLatency: true,
    validate: expectGraphqlList('products'),
  },
  {
    name: 'rest products/list',
    target: 'server',
    method: 'GET',
    path: '/api/products/list',
    headers: { accept: 'application/json' },
    validate: expectRestList,
  },
  {
    name: 'bare handler',
    target: 'bare',
    method: 'GET',
    path: '/api/products/list',
    headers: { accept: 'application/json' },
    validate: expectRestList,
  },
  {
    // Checkout under load: each connection, as its own signed-up shopper (Bearer token), repeats
    // add to cart → create order → initialise payment (through the local Paystack stand-in over
    // loopback, as without PAYSTACK_SECRET_KEY). req/s and p99 are per request across the three;
    // the per-step table and the create + initialise pair come from the sequence's own timings.
    // Last, so the orders it writes (and the cache drops they cause) never touch the reads above.
    name: 'order + payment init',
    target: 'server',
    method: 'POST',
    path: '/api/carts/add → /api/orders/create → /api/paystack/initialize',
    halfPeakLatency: true,
    compareToBare: false,
    prepare: prepareOrders,
    verify: verifyOrderSequence,
    sequence: orderSequence,
  },
];
