// The fleet test's shoppers: browsers (storefront pages, GraphQL queries as the client sends them, the REST list)
// and buyers (sign in → add to cart → create order → initialise payment), all through nginx. Every answer a
// shopper would see is checked; anything but the expected answer is counted as a shopper-visible error with when
// and what it was, so a failure can be laid beside the restart that caused it. Every request is also kept with
// its time and the products it writes to, so the row-lock scenario (fleet/row-lock.mjs) can judge each one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { orderPayload } from '../bench/orders.mjs';

const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' };
/**
 * A request that takes longer than this counts as an error. It is above nginx's `proxy_read_timeout` (60 s), so a
 * request stalled in the shop is answered by nginx (a 504), as a shopper would see it.
 */
const requestTimeoutMs = 90_000;
/**
 * How often a buyer sends a write the shop refused with a retryable 503 (decision 0067), waiting Retry-After
 * between tries, before giving up for this round, as the storefront's shopper would after a few "busy" answers.
 */
export const triesOfARefusedWrite = 4;

/**
 * Counts per step and every error, with the time it happened relative to `startedAt`; every request sent
 * (`requests`), the retryable refusals among them (`refusals`), the writes given up after them (`gaveUp`), and
 * each idempotency key's tries at creating an order (`keys`).
 */
export function createTally(startedAt) {
  return { startedAt, answered: {}, errors: [], requests: [], refusals: [], gaveUp: [], keys: new Map() };
}

function countAnswer(tally, step) {
  tally.answered[step] = (tally.answered[step] ?? 0) + 1;
}

function countError(tally, step, what) {
  tally.errors.push({ at: Date.now() - tally.startedAt, step, ...what });
}

/** The shop's "busy, try again" (decision 0067): its writes were rolled back, so the same request may be sent again. */
function retryAfterMs(response, json) {
  const retryAfter = response.headers.get('retry-after');
  if (response.status !== 503 || retryAfter === null || json?.code !== 'SERVICE_UNAVAILABLE') return undefined;
  return Number(retryAfter) * 1000;
}

/**
 * One request as a shopper's browser or app would make it: the answer's status must be `expectedStatus` and
 * `accept(json)` must hold, else it is an error. Connection failures and timeouts are errors too. `products` are
 * the products the request writes to. A `retryable` write answered with the shop's retryable 503 is sent again,
 * the same, after Retry-After, up to `triesOfARefusedWrite` tries; such refusals are not errors here (the
 * row-lock scenario judges whether each was due). `tries`, when given, gets every answer (the key's log).
 * Answers the parsed body, or undefined after an error or when the buyer gave up.
 */
async function shopperRequest(
  tally,
  step,
  url,
  { method = 'GET', headers = {}, body, expectedStatus = 200, accept, products = [], retryable = false, tries },
) {
  for (let attempt = 1; ; attempt += 1) {
    const sentAt = Date.now();
    const record = { at: sentAt - tally.startedAt, ms: 0, step, status: 'no answer', products };
    tally.requests.push(record);
    let response;
    let text;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(requestTimeoutMs) });
      text = await response.text();
    } catch (error) {
      record.ms = Date.now() - sentAt;
      tries?.push({ at: record.at, status: record.status });
      const cause = error?.cause;
      countError(tally, step, {
        status: 'no answer',
        detail: `${error?.name}: ${cause?.code ?? cause?.message ?? error?.message}`,
      });
      return undefined;
    }
    record.ms = Date.now() - sentAt;
    record.status = response.status;
    let json;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    tries?.push({
      at: record.at,
      status: response.status,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      orderId: json?.data?.order?.id,
    });
    const waitMs = retryable ? retryAfterMs(response, json) : undefined;
    if (waitMs !== undefined) {
      tally.refusals.push({ ...record, attempt, retryAfterMs: waitMs });
      if (attempt >= triesOfARefusedWrite) {
        tally.gaveUp.push({ at: record.at, step, products });
        return undefined;
      }
      await sleep(waitMs);
      continue;
    }
    if (response.status !== expectedStatus || (accept && !accept(json))) {
      countError(tally, step, { status: response.status, detail: text.slice(0, 200) });
      return undefined;
    }
    countAnswer(tally, step);
    return json ?? text;
  }
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

/** Signs `shopper` in: the headers of their requests, or undefined after an error. */
async function signIn(tally, baseUrl, shopper) {
  const signedIn = await shopperRequest(tally, 'sign in', `${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    accept: (json) => typeof json?.data?.token === 'string',
  });
  return signedIn && { ...jsonHeaders, authorization: `Bearer ${signedIn.data.token}` };
}

/** Adds one of `productId` to the shopper's cart (and to `shopper.cart` once the shop said so): whether it did. */
async function addToCart(tally, baseUrl, shopper, authorised, productId) {
  const added = await shopperRequest(tally, 'add to cart', `${baseUrl}/api/carts/add`, {
    method: 'POST',
    headers: authorised,
    body: JSON.stringify({ product_id: productId, quantity: 1 }),
    expectedStatus: 201,
    accept: (json) => json?.success === true,
    products: [productId],
    retryable: true,
  });
  if (added) shopper.cart.push(productId);
  return Boolean(added);
}

/** Signs in and puts `productId` in the cart, before a scenario starts: whether it did. */
export async function fillCart(tally, baseUrl, shopper, productId) {
  const authorised = await signIn(tally, baseUrl, shopper);
  return Boolean(authorised) && (await addToCart(tally, baseUrl, shopper, authorised, productId));
}

/**
 * One buyer's checkout, as the storefront does it: sign in, add one of `productIds`, create the order,
 * initialise its payment. Records every order the shopper was told was created (with what was in the cart)
 * in `orders`; a step that fails ends this round (the next round's cart then still holds its line, as a
 * shopper's would, and `cart` says so). Order creation carries the checkout's idempotency key, as the storefront
 * sends it (decision 0068): the same key on every try until an order is answered, then a new one.
 */
async function checkoutOnce(tally, baseUrl, shopper, boughtIds, round, orders) {
  const authorised = await signIn(tally, baseUrl, shopper);
  if (!authorised) return;
  if (!(await addToCart(tally, baseUrl, shopper, authorised, boughtIds[round % boughtIds.length]))) return;
  shopper.idempotencyKey ??= randomUUID();
  const key = shopper.idempotencyKey;
  if (!tally.keys.has(key)) tally.keys.set(key, { email: shopper.email, tries: [] });
  const created = await shopperRequest(tally, 'create order', `${baseUrl}/api/orders/create`, {
    method: 'POST',
    headers: { ...authorised, 'idempotency-key': key },
    body: JSON.stringify(orderPayload(shopper.email)),
    expectedStatus: 201,
    accept: (json) => typeof json?.data?.order?.id === 'string',
    products: [...shopper.cart],
    retryable: true,
    tries: tally.keys.get(key).tries,
  });
  if (!created) return;
  const order = { id: created.data.order.id, email: shopper.email, key, cart: shopper.cart, initialised: false };
  shopper.cart = [];
  shopper.idempotencyKey = undefined;
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
 * the tally and the orders (a second load may add to another's: pass its `tally` and `orders`).
 */
export function startLoad({
  baseUrl,
  productIds,
  boughtIds,
  shoppers,
  browsers,
  pauseMs,
  tally = createTally(Date.now()),
  orders = [],
}) {
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
