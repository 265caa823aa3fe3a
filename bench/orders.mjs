/**
 * The "order + payment init" scenario's moving parts: signed-up shoppers made through the real
 * registration flow, stock for the whole run, one checked sequence by hand, and the autocannon
 * `requests` sequence (add to cart → create order → initialise payment) with per-step timings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' };

/** The spec's checkout payload; the server prices and stocks the order itself. */
export function orderPayload(email) {
  return {
    recipient_name: 'Bench Shopper',
    recipient_email: email,
    recipient_phone: '+254712345678',
    shipping_address: '1 Moi Avenue',
    shipping_city: 'Nairobi',
    shipping_postal_code: '00100',
    delivery_location_id: 1,
    payment_method: 'mpesa',
  };
}

async function postJson(baseUrl, route, body, token) {
  const headers = token ? { ...jsonHeaders, authorization: `Bearer ${token}` } : jsonHeaders;
  const response = await fetch(baseUrl + route, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

async function expectOk(baseUrl, route, body, token) {
  const answer = await postJson(baseUrl, route, body, token);
  if (answer.status < 200 || answer.status > 299 || !answer.json?.success) {
    throw new Error(`POST ${route} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return answer;
}

/** Undoes quoted-printable: soft line breaks, then =XX escapes (the code's '=3D'-style bytes). */
function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The 6-digit code in the newest outbox message to `email` (the server writes it before answering). */
async function codeFromOutbox(outboxDir, email, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files = [];
    try {
      files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
    } catch {
      // No outbox yet.
    }
    for (const file of files.sort().reverse()) {
      const message = decodeQuotedPrintable(readFileSync(path.join(outboxDir, file), 'utf8'));
      if (!new RegExp(`^To: (?:.*<)?${email.replace(/[.+]/g, '\\$&')}>?\\s*$`, 'mi').test(message)) continue;
      const match = /verification code is (\d{6})/.exec(message);
      if (match) return match[1];
    }
    await sleep(50);
  }
  throw new Error(`no verification code for ${email} in ${outboxDir} within ${timeoutMs / 1000} s`);
}

/** The password every bench account is registered with. */
const benchPassword = 'bench-password-1';

/** An account a kept data directory already holds (an earlier run registered it): its sign-in, or null. */
export async function signInShopper(baseUrl, email) {
  const answer = await postJson(baseUrl, '/api/users/login', { email, password: benchPassword });
  const token = answer.json?.data?.token;
  return answer.status === 200 && typeof token === 'string' ? { email, token } : null;
}

/** One shopper through the real flow: code by e-mail (read from the outbox), verify, register. */
export async function registerShopper(baseUrl, outboxDir, email) {
  const login = await expectOk(baseUrl, '/api/email/otp-login', { email });
  const hash = login.json.data?.hash;
  if (typeof hash !== 'string') throw new Error(`otp-login gave no hash: ${login.text.slice(0, 300)}`);
  const otp = await codeFromOutbox(outboxDir, email);
  await expectOk(baseUrl, '/api/email/otp-verify', { email, otp, hash });
  const registered = await expectOk(baseUrl, '/api/users/register', {
    first: 'Bench',
    last: 'Shopper',
    email,
    password: benchPassword,
    hash,
  });
  const token = registered.json.data?.token;
  if (typeof token !== 'string') throw new Error(`register gave no token: ${registered.text.slice(0, 300)}`);
  return { email, token };
}

/** A client of the embedded PostgreSQL: port from postmaster.pid (line 4), password from db.password. */
function databaseClient(dataDir) {
  const pidLines = readFileSync(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pidLines[3]);
  if (!Number.isInteger(port) || port < 1) throw new Error(`no port on line 4 of ${dataDir}/db/postmaster.pid`);
  return new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: readFileSync(path.join(dataDir, 'db.password'), 'utf8').trim(),
    database: 'manukato',
  });
}

/**
 * Before the load: two sets of two shoppers per connection, and the products they buy given stock
 * for the whole run. Consecutive autocannon runs take turns with the sets: a run's last requests
 * are still being answered when the next run starts, and a shopper shared across that boundary
 * could see an old order take the new run's cart (a spurious 400 "Your cart is empty").
 *
 * The stock is a bench-only preparation step done straight in the database (the shop has no
 * API for it, and the sample quantities would run out within a second); it sends the change notice the shop
 * would have sent, so the shop drops the product views it holds (decision 0062).
 */
export async function prepareOrders({ baseUrl, dataDir, connections }) {
  const database = databaseClient(dataDir);
  await database.connect();
  let productIds;
  try {
    const { rows } = await database.query('select id from products order by id limit 4');
    productIds = rows.map((row) => row.id);
    if (productIds.length === 0) throw new Error('the database has no products');
    await database.query('update products set quantity = 100000000 where id = any($1::int[])', [productIds]);
    // Written past the shop: the notice it would have sent, so it drops the views it holds of these products.
    await database.query('select pg_notify($1, $2)', [
      'manukato_catalogue_changed',
      JSON.stringify({ id: `bench-stock-${Date.now()}`, stockChangedIds: productIds }),
    ]);
  } finally {
    await database.end();
  }

  const outboxDir = path.join(dataDir, 'outbox');
  const sets = [[], []];
  for (const [set, users] of sets.entries()) {
    // Twice the connections: an evenly paced round (paced-load.mjs) keeps starting sequences while a slow answer
    // holds its shopper, and a start with no free shopper is skipped. autocannon's runs use one per connection.
    for (let index = 1; index <= 2 * connections; index += 1) {
      users.push(await registerShopper(baseUrl, outboxDir, `bench.shopper${set + 1}.${index}@example.com`));
    }
  }
  return { sets, runs: 0, productIds };
}

/**
 * Empties every cart: an interrupted run (the end of an autocannon round, a restart between the bench's
 * phases) can leave a line in a shopper's cart, and the next checked sequence would order two items.
 */
export async function emptyCarts(dataDir) {
  const database = databaseClient(dataDir);
  await database.connect();
  try {
    await database.query('delete from cart_items');
  } finally {
    await database.end();
  }
}

/** One whole sequence by hand, checking each answer's body (autocannon only sees status codes). */
export async function verifyOrderSequence(baseUrl, { sets, productIds }) {
  const { token, email } = sets[0][0];
  await expectOk(baseUrl, '/api/carts/add', { product_id: productIds[0], quantity: 1 }, token);
  const created = await expectOk(baseUrl, '/api/orders/create', orderPayload(email), token);
  const order = created.json.data?.order;
  if (created.status !== 201 || typeof order?.id !== 'string' || order.items?.length !== 1) {
    throw new Error(`orders/create answered unexpectedly: ${created.text.slice(0, 300)}`);
  }
  const initialized = await expectOk(baseUrl, '/api/paystack/initialize', { order_id: order.id }, token);
  const { authorization_url: authorizationUrl, reference } = initialized.json.data ?? {};
  if (typeof authorizationUrl !== 'string' || typeof reference !== 'string') {
    throw new Error(`paystack/initialize gave no authorization_url/reference: ${initialized.text.slice(0, 300)}`);
  }
  return { status: initialized.status, bytes: Buffer.byteLength(created.text) + Buffer.byteLength(initialized.text) };
}

/** The value at `fraction` of ascending `sorted` (nearest rank), to a tenth; undefined when empty. */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return undefined;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
  return Math.round(value * 10) / 10;
}

function describe(samples) {
  const sorted = [...samples].sort((left, right) => left - right);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const ok = (status) => status >= 200 && status <= 299;

/**
 * A fresh autocannon `requests` sequence for one run. autocannon gives each connection its own
 * context but clears it whenever the sequence starts over, so a connection takes a free shopper
 * (their Bearer token) at the first step and gives it back after the last: with at least one shopper
 * per connection and pipelining 1, no two connections ever share a cart. Each step is timed from
 * building the request (just before it is written) to its answer; the create + initialise pair is
 * the sum of its two steps, so autocannon's own pauses between them (at a fixed rate) never count.
 */
export function orderSequence(state) {
  const { productIds } = state;
  const users = state.sets[state.runs % state.sets.length];
  state.runs += 1;
  const free = [...users];
  const samples = { add: [], create: [], initialize: [], pair: [] };
  let turn = 0;
  let completed = 0;

  const request = (context, body) => ({
    authorization: `Bearer ${context.user.token}`,
    body: JSON.stringify(body),
  });
  const timed = (context) => {
    context.sentAt = performance.now();
  };
  const record = (step, status, context) => {
    const elapsed = performance.now() - context.sentAt;
    if (ok(status)) samples[step].push(elapsed);
    return elapsed;
  };

  const requests = [
    {
      method: 'POST',
      path: '/api/carts/add',
      setupRequest(options, context) {
        // An empty pool only happens after a lost answer (counted as an error anyway).
        context.user = free.pop() ?? users[turn % users.length];
        const { authorization, body } = request(context, {
          product_id: productIds[turn % productIds.length],
          quantity: 1,
        });
        turn += 1;
        timed(context);
        return { ...options, headers: { ...options.headers, authorization }, body };
      },
      onResponse(status, _body, context) {
        record('add', status, context);
      },
    },
    {
      method: 'POST',
      path: '/api/orders/create',
      setupRequest(options, context) {
        const { authorization, body } = request(context, orderPayload(context.user.email));
        timed(context);
        return { ...options, headers: { ...options.headers, authorization }, body };
      },
      onResponse(status, body, context) {
        context.createMs = record('create', status, context);
        context.createOk = ok(status);
        if (context.createOk) {
          try {
            context.orderId = JSON.parse(body).data.order.id;
          } catch {
            context.orderId = undefined;
          }
        }
      },
    },
    {
      method: 'POST',
      path: '/api/paystack/initialize',
      setupRequest(options, context) {
        // Without an order id the request still goes out and its 404 is counted as a failure.
        const { authorization, body } = request(context, { order_id: context.orderId ?? 'no-order' });
        timed(context);
        return { ...options, headers: { ...options.headers, authorization }, body };
      },
      onResponse(status, _body, context) {
        const initializeMs = record('initialize', status, context);
        if (ok(status) && context.createOk) {
          samples.pair.push(context.createMs + initializeMs);
          completed += 1;
        }
        free.push(context.user);
      },
    },
  ].map((step) => ({ ...step, headers: jsonHeaders }));

  return {
    requests,
    /** How many sequences may run at once: one per shopper of this run's set. */
    shoppers: users.length,
    /** Per-step and create + initialise latencies (ms) of this run, and completed sequences per second. */
    stats(seconds) {
      return {
        ordersPerSecond: Math.round(completed / seconds),
        addToCart: describe(samples.add),
        createOrder: describe(samples.create),
        initializePayment: describe(samples.initialize),
        createAndInitialize: describe(samples.pair),
      };
    },
  };
}
