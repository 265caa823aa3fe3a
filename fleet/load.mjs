// The fleet test's shoppers: browsers (storefront pages, GraphQL queries as the client sends them, the REST list)
// and buyers (sign in → add to cart → create order → initialise payment), all through nginx. Every answer a
// shopper would see is checked; anything but the expected answer is counted as a shopper-visible error with when
// and what it was, so a failure can be laid beside the restart that caused it.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { orderPayload } from '../bench/orders.mjs';

const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' };
/** A request that takes longer than this counts as an error (nginx's own upstream timeouts are shorter). */
const requestTimeoutMs = 30_000;

/** Counts per step and every error, with the time it happened relative to `startedAt`. */
export function createTally(startedAt) {
  return { startedAt, answered: {}, errors: [] };
}

function countAnswer(tally, step) {
  tally.answered[step] = (tally.answered[step] ?? 0) + 1;
}

function countError(tally, step, what) {
  tally.errors.push({ at: Date.now() - tally.startedAt, step, ...what });
}

/**
 * One request as a shopper's browser or app would make it: the answer's status must be `expectedStatus` and
 * `accept(json)` must hold, else it is an error. Connection failures and timeouts are errors too. Answers the
 * parsed body, or undefined after an error.
 */
async function shopperRequest(tally, step, url, { method = 'GET', headers = {}, body, expectedStatus = 200, accept }) {
  let response;
  let text;
  try {
    response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(requestTimeoutMs) });
    text = await response.text();
  } catch (error) {
    const cause = error?.cause;
    countError(tally, step, {
      status: 'no answer',
      detail: `${error?.name}: ${cause?.code ?? cause?.message ?? error?.message}`,
    });
    return undefined;
  }
  let json;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (response.status !== expectedStatus || (accept && !accept(json))) {
    countError(tally, step, { status: response.status, detail: text.slice(0, 200) });
    return undefined;
  }
  countAnswer(tally, step);
  return json ?? text;
}

const productsQuery =
  'query Products($limit: Int, $offset: Int) { products(limit: $limit, offset: $offset) { id name effectivePriceCents inStock } }';

/** One round of what a browsing shopper asks for; `productIds` are the catalogue's. */
async function browseOnce(tally, baseUrl, productIds, round) {
  const productId = productIds[round % productIds.length];
  const graphqlGet = `${baseUrl}/graphql?${new URLSearchParams({
    query: productsQuery,
    variables: JSON.stringify({ limit: 8, offset: 0 }),
  })}`;
  const noGraphqlErrors = (json) => json?.data !== undefined && json.errors === undefined;
  const steps = [
    ['page /', `${baseUrl}/`, {}],
    ['page /category/for-women', `${baseUrl}/category/for-women`, {}],
    [`page /product/:id`, `${baseUrl}/product/${productId}`, {}],
    // As the client sends queries: GET with the CSRF preflight header; cached by the shop.
    [
      'graphql GET products',
      graphqlGet,
      { headers: { 'apollo-require-preflight': 'true', accept: 'application/json' }, accept: noGraphqlErrors },
    ],
    // A POST of a different page each round: answered uncached.
    [
      'graphql POST products',
      `${baseUrl}/graphql`,
      {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: productsQuery, variables: { limit: 4, offset: round % 12 } }),
        accept: noGraphqlErrors,
      },
    ],
    ['rest GET /api/products/list', `${baseUrl}/api/products/list`, { accept: (json) => json?.success === true }],
  ];
  const [step, url, options] = steps[round % steps.length];
  await shopperRequest(tally, step, url, options);
}

/** A shopper made through the real sign-up flow, the code read from the SMTP sink's `messages`. */
export async function registerShopper(baseUrl, sinkMessages, label) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  const post = async (route, body) => {
    const response = await fetch(baseUrl + route, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
    const json = await response.json();
    if (!response.ok || !json.success) throw new Error(`POST ${route} answered ${response.status}: ${json.message}`);
    return json.data;
  };
  const { hash } = await post('/api/email/otp-login', { email });
  let otp;
  for (let tries = 0; !otp && tries < 200; tries += 1) {
    const mail = sinkMessages.findLast((message) => message.to.includes(email));
    otp = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!otp) await sleep(50);
  }
  if (!otp) throw new Error(`no sign-up code for ${email}`);
  await post('/api/email/otp-verify', { email, otp, hash });
  await post('/api/users/register', { first: 'Fleet', last: 'Shopper', email, password, hash });
  return { email, password };
}

/**
 * One buyer's checkout, as the storefront does it: sign in, add one of `productIds`, create the order,
 * initialise its payment. Records every order the shopper was told was created (with what was in the cart)
 * in `orders`; a step that fails ends this round (the next round's cart then still holds its line, as a
 * shopper's would, and `cart` says so).
 */
async function checkoutOnce(tally, baseUrl, shopper, boughtIds, round, orders) {
  const signedIn = await shopperRequest(tally, 'sign in', `${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    accept: (json) => typeof json?.data?.token === 'string',
  });
  if (!signedIn) return;
  const authorised = { ...jsonHeaders, authorization: `Bearer ${signedIn.data.token}` };
  const productId = boughtIds[round % boughtIds.length];
  const added = await shopperRequest(tally, 'add to cart', `${baseUrl}/api/carts/add`, {
    method: 'POST',
    headers: authorised,
    body: JSON.stringify({ product_id: productId, quantity: 1 }),
    expectedStatus: 201,
    accept: (json) => json?.success === true,
  });
  if (!added) return;
  shopper.cart.push(productId);
  const created = await shopperRequest(tally, 'create order', `${baseUrl}/api/orders/create`, {
    method: 'POST',
    headers: authorised,
    body: JSON.stringify(orderPayload(shopper.email)),
    expectedStatus: 201,
    accept: (json) => typeof json?.data?.order?.id === 'string',
  });
  if (!created) return;
  const order = { id: created.data.order.id, email: shopper.email, cart: shopper.cart, initialised: false };
  shopper.cart = [];
  orders.push(order);
  const initialised = await shopperRequest(tally, 'initialise payment', `${baseUrl}/api/paystack/initialize`, {
    method: 'POST',
    headers: authorised,
    body: JSON.stringify({ order_id: order.id }),
    accept: (json) => typeof json?.data?.reference === 'string' && typeof json.data.authorization_url === 'string',
  });
  if (initialised) order.initialised = true;
}

/**
 * Runs `browsers` browsing loops over `productIds` and one checkout loop per shopper buying `boughtIds` until
 * `stop()`; each loop finishes the round it is in (no checkout is cut in half by the end of the test). Answers
 * the tally and the orders.
 */
export function startLoad({ baseUrl, productIds, boughtIds, shoppers, browsers, pauseMs }) {
  const tally = createTally(Date.now());
  const orders = [];
  let stopping = false;
  const loop = async (once) => {
    for (let round = 0; !stopping; round += 1) {
      await once(round);
      if (pauseMs > 0) await sleep(pauseMs);
    }
  };
  const loops = [
    ...Array.from({ length: browsers }, (_, index) =>
      loop((round) => browseOnce(tally, baseUrl, productIds, round + index)),
    ),
    ...shoppers.map((shopper, index) =>
      loop((round) => checkoutOnce(tally, baseUrl, shopper, boughtIds, round + index, orders)),
    ),
  ];
  return {
    tally,
    orders,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
