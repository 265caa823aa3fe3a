/**
 * The hostile-mix scenario (issue 23 item 9), `BENCH_SCENARIOS=hostile-mix`: at 50,019 products, shoppers
 * browse for a while, then attackers join them for minutes with everything cheap to send and costly to keep
 * (cache-busting query strings on pages, REST and GraphQL GETs, random searches, junk and one-off GraphQL
 * documents, alias and fragment bombs, bodies over the limit, thousands of idle sockets and slowloris ones),
 * then everything stops for an idle minute. The shop's RSS is read before the attack, at its peak and after the
 * idle minute; the goals: peak ≤ 300 MB, after ≤ 110% of before, and shoppers keep being answered.
 *
 * Shoppers and attackers use separate connection pools (undici Agents), so the attackers' sockets never queue a
 * shopper's request on the bench's side: whatever a shopper waits for is the shop's doing.
 *
 * Settings (environment): BENCH_MIX_WARM_SECONDS (20), BENCH_MIX_ATTACK_SECONDS (300), BENCH_MIX_IDLE_SECONDS (60),
 * BENCH_MIX_SHOPPERS (8 concurrent shoppers, each pausing 100 ms between requests), BENCH_MIX_ATTACKERS (8
 * concurrent attack loops), BENCH_MIX_IDLE_SOCKETS (4000), BENCH_MIX_SLOWLORIS (200).
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { aliasBomb, fragmentBomb } from './hostile.mjs';
import { pageQuery } from './scale.mjs';

function setting(name, fallback) {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function hostileMixSettings() {
  return {
    warmSeconds: setting('BENCH_MIX_WARM_SECONDS', 20),
    attackSeconds: setting('BENCH_MIX_ATTACK_SECONDS', 300),
    idleSeconds: setting('BENCH_MIX_IDLE_SECONDS', 60),
    shoppers: setting('BENCH_MIX_SHOPPERS', 8),
    attackers: setting('BENCH_MIX_ATTACKERS', 8),
    idleSockets: setting('BENCH_MIX_IDLE_SOCKETS', 4000),
    slowloris: setting('BENCH_MIX_SLOWLORIS', 200),
  };
}

/** Resident memory of a process in MB (Linux), or undefined. */
export function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readStatus(pid));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

const readStatus = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');

/** Files the process holds open (its sockets among them), or undefined off Linux. */
function openFiles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

const token = () => randomBytes(6).toString('base64url');
const graphqlGetHeaders = { accept: 'application/json', 'apollo-require-preflight': 'true' };
const jsonHeaders = { 'content-type': 'application/json', accept: 'application/json' };
const words = ['rose', 'oud', 'musk', 'vanilla', 'amber', 'citrus', 'lavender', 'jasmine', 'cedar', 'nairobi'];
const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomWord = (length) => Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
const gql = (query) => `/graphql?query=${encodeURIComponent(query)}`;
const suggestionsQuery = (q) => `{ searchSuggestions(q: ${JSON.stringify(q)}) { products { id name } } }`;

/** What a shopper does, in turn: pages, the cached and uncached product queries, real searches, the REST list. */
function shopperRequests(productIds) {
  const product = () => productIds[randomInt(productIds.length)];
  return [
    () => ({ path: '/', headers: { accept: 'text/html' } }),
    () => ({ path: `/product/${product()}`, headers: { accept: 'text/html' } }),
    () => ({ path: gql(pageQuery), headers: graphqlGetHeaders }),
    () => ({ path: '/graphql', method: 'POST', headers: jsonHeaders, body: JSON.stringify({ query: pageQuery }) }),
    () => ({ path: gql(suggestionsQuery(words[randomInt(words.length)])), headers: graphqlGetHeaders }),
    () => ({ path: '/api/products/list?limit=20', headers: { accept: 'application/json' } }),
    () => ({
      path: `/graphql?query=${encodeURIComponent(`{ product(id: ${product()}) { id name priceCents } }`)}`,
      headers: graphqlGetHeaders,
    }),
  ];
}

/**
 * What an attacker sends, each request one of a kind never seen before (what a cache must not keep), with the
 * expensive searches kept to a realistic share: their CPU is issue 23 item 2's, judged by the hostile-search
 * scenario; this one judges memory.
 */
function attackRequests(productIds) {
  // Any product at all, as a crawler walks the catalogue.
  const highestId = Math.max(...productIds);
  const product = () => 1 + randomInt(highestId);
  const oneOffQuery = () =>
    `query Q${token()} { products(limit: ${1 + randomInt(20)}) { id name ${token().replace(/[^a-z]/gi, 'x')}: priceCents } }`;
  const attacks = [
    // Cache-busting query strings: pages, REST lists and the cached GraphQL GET.
    [4, () => ({ path: `/?utm=${token()}`, headers: { accept: 'text/html' } })],
    [4, () => ({ path: `/product/${product()}?ref=${token()}`, headers: { accept: 'text/html' } })],
    [3, () => ({ path: `/api/products/list?limit=20&offset=${randomInt(50_000)}&x=${token()}`, headers: {} })],
    [3, () => ({ path: `${gql(pageQuery)}&bust=${token()}`, headers: graphqlGetHeaders })],
    // One-off documents: new GraphQL texts (GET and POST) for the parsed and compiled query caches.
    [3, () => ({ path: gql(oneOffQuery()), headers: graphqlGetHeaders })],
    [
      3,
      () => ({
        path: '/graphql',
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: oneOffQuery() }),
      }),
    ],
    // Junk bodies: not GraphQL at all, or not JSON.
    [
      2,
      () => ({
        path: '/graphql',
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: `{ ${token()} ${'{'.repeat(randomInt(50))}` }),
      }),
    ],
    [1, () => ({ path: '/graphql', method: 'POST', headers: jsonHeaders, body: `{"query": ${token()}` })],
    // Alias and fragment bombs, named anew each time.
    [
      1,
      () => ({
        path: '/graphql',
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: `${aliasBomb(40 + randomInt(400))}\n# ${token()}` }),
      }),
    ],
    [
      1,
      () => ({
        path: '/graphql',
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: `${fragmentBomb(10 + randomInt(20))}\n# ${token()}` }),
      }),
    ],
    // Bodies over the limit: refused, but read first.
    [
      1,
      () => ({
        path: '/graphql',
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ query: `{ products { id } } # ${'x'.repeat(2_000_000)}` }),
      }),
    ],
    // Random searches (letters: the worst cases are item 2's), suggestions and the REST search.
    [1, () => ({ path: gql(suggestionsQuery(randomWord(3 + randomInt(10)))), headers: graphqlGetHeaders })],
    [1, () => ({ path: `/api/products/search?q=${randomWord(3 + randomInt(10))}`, headers: {} })],
  ];
  const weighted = attacks.flatMap(([weight, make]) => Array.from({ length: weight }, () => make));
  return () => weighted[randomInt(weighted.length)]();
}

/** A pool of connections and its own count of answers by cause. */
function client(baseUrl, connections) {
  const agent = new Agent({ connections, headersTimeout: 30_000, bodyTimeout: 30_000, connectTimeout: 10_000 });
  const counts = { sent: 0, ok: 0, failed: 0, causes: new Map() };
  const note = (cause) => counts.causes.set(cause, (counts.causes.get(cause) ?? 0) + 1);
  return {
    counts,
    agent,
    async send({ path, method = 'GET', headers, body }, okStatus = (status) => status < 400) {
      counts.sent += 1;
      try {
        const answer = await request(baseUrl + path, { method, headers, body, dispatcher: agent });
        await answer.body.dump({ limit: 4 * 1024 * 1024 });
        if (okStatus(answer.statusCode)) counts.ok += 1;
        else {
          counts.failed += 1;
          note(`status ${answer.statusCode}`);
        }
      } catch (error) {
        counts.failed += 1;
        note(error.code ?? error.name ?? 'error');
      }
    },
  };
}

/** `count` loops that send `next()` until stopped, pausing `pauseMs` between requests. */
function loops(count, next, send, pauseMs) {
  let running = true;
  const all = Array.from({ length: count }, async () => {
    while (running) {
      await send(next());
      if (pauseMs) await sleep(pauseMs);
    }
  });
  return async () => {
    running = false;
    await Promise.all(all);
  };
}

/**
 * `count` connections that stay open sending nothing (`slow`: a header line every 10 s, never finishing), each
 * opened again when the shop closes it, until stopped. Counts how many the shop closed.
 */
function silentSockets(url, count, slow) {
  const { hostname, port } = new URL(url);
  const sockets = new Set();
  let running = true;
  let closedByShop = 0;
  const open = () => {
    if (!running) return;
    const socket = net.connect({ host: hostname, port: Number(port) });
    sockets.add(socket);
    socket.on('error', () => {});
    // Read (and drop) what the shop sends, its 408 and its FIN: a paused socket would never see the close.
    socket.resume();
    socket.on('close', () => {
      sockets.delete(socket);
      clearInterval(socket.drip);
      if (!running) return;
      closedByShop += 1;
      setTimeout(open, 1000);
    });
    if (slow) {
      socket.on('connect', () => socket.write(`GET /?${token()} HTTP/1.1\r\nHost: ${hostname}\r\n`));
      socket.drip = setInterval(() => socket.write(`X-${token()}: ${token()}\r\n`), 10_000);
    }
  };
  // Opened gradually, as a crowd of clients would be: 100 every 100 ms.
  let opened = 0;
  const opener = setInterval(() => {
    for (let index = 0; index < 100 && opened < count; index += 1, opened += 1) open();
    if (opened >= count) clearInterval(opener);
  }, 100);
  return {
    /** Connected now (not still connecting). */
    get open() {
      let connected = 0;
      for (const socket of sockets) if (!socket.connecting) connected += 1;
      return connected;
    },
    stop() {
      running = false;
      clearInterval(opener);
      for (const socket of sockets) {
        clearInterval(socket.drip);
        socket.destroy();
      }
      return { closedByShop };
    },
  };
}

function formatCauses(counts) {
  return [...counts.causes].map(([cause, times]) => `${times} × ${cause}`).join(', ') || 'none';
}

/** Runs the scenario against a started shop whose catalogue holds the generated products; answers goal rows. */
export async function measureHostileMix({ baseUrl, pid, settings = hostileMixSettings() }) {
  const log = (message) => console.log(`  hostile-mix: ${message}`);
  const listed = await fetch(`${baseUrl}/api/products/list?limit=100`).then((answer) => answer.json());
  const productIds = listed.data.map((product) => product.id ?? product._id);
  if (productIds.length === 0) throw new Error('no products listed');

  const shoppers = client(baseUrl, settings.shoppers);
  const attackers = client(baseUrl, settings.attackers * 2);
  const shop = shopperRequests(productIds);
  let turn = 0;
  const stopShopping = loops(settings.shoppers, () => shop[turn++ % shop.length](), shoppers.send, 100);

  await sleep(settings.warmSeconds * 1000);
  const before = rssMb(pid);
  const warm = { ...shoppers.counts, causes: new Map(shoppers.counts.causes) };
  log(`after ${settings.warmSeconds} s of shoppers alone: RSS ${before} MB, ${warm.sent} shopper requests`);

  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 250);
  const idle = silentSockets(baseUrl, settings.idleSockets, false);
  const slow = silentSockets(baseUrl, settings.slowloris, true);
  // Big bodies and bombs are refused: only a 5xx or a failed connection counts against the shop.
  const stopAttacks = loops(
    settings.attackers,
    attackRequests(productIds),
    (next) => attackers.send(next, (status) => status < 500),
    0,
  );
  const attackStarted = Date.now();
  const progress = setInterval(() => {
    log(
      `${Math.round((Date.now() - attackStarted) / 1000)} s: RSS ${rssMb(pid)} MB (peak ${peak}), ` +
        `${idle.open + slow.open} silent sockets open (the shop holds ${openFiles(pid)} files), attacks sent ${attackers.counts.sent}, ` +
        `shoppers ${shoppers.counts.ok} ok / ${shoppers.counts.failed} failed`,
    );
  }, 30_000);
  await sleep(settings.attackSeconds * 1000);
  clearInterval(progress);
  await stopAttacks();
  const sockets = { idle: idle.stop(), slowloris: slow.stop() };
  await stopShopping();
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid) ?? 0);
  const atEnd = rssMb(pid);
  await Promise.all([shoppers.agent.close(), attackers.agent.close()]);
  log(
    `attack over: RSS ${atEnd} MB (peak ${peak}); attacks ${attackers.counts.sent} sent, ` +
      `${attackers.counts.failed} answered 5xx or failed (${formatCauses(attackers.counts)}); ` +
      `silent sockets closed by the shop: ${sockets.idle.closedByShop} idle, ${sockets.slowloris.closedByShop} slowloris`,
  );

  await sleep(settings.idleSeconds * 1000);
  const after = rssMb(pid);
  const shopperFailed = shoppers.counts.failed;
  const afterShare = before ? Math.round((after / before) * 1000) / 10 : undefined;
  const rows = [
    ['RSS before the attack (after shoppers alone)', `${before} MB`, '(reference)', undefined],
    [`peak RSS over ${settings.attackSeconds} s of attacks`, `${peak} MB`, '≤ 300 MB', peak <= 300],
    [
      `RSS after ${settings.idleSeconds} s idle, as a share of before`,
      `${afterShare}% (${after} MB)`,
      '≤ 110%',
      afterShare !== undefined && afterShare <= 110,
    ],
    [
      'shopper requests failed',
      `${shopperFailed} of ${shoppers.counts.sent} (${formatCauses(shoppers.counts)})`,
      '0',
      shopperFailed === 0,
    ],
  ];
  return {
    rows,
    report: {
      settings,
      rssMb: { before, peak, atEnd, after },
      shoppers: {
        sent: shoppers.counts.sent,
        failed: shopperFailed,
        causes: Object.fromEntries(shoppers.counts.causes),
      },
      attacks: {
        sent: attackers.counts.sent,
        failed: attackers.counts.failed,
        causes: Object.fromEntries(attackers.counts.causes),
      },
      sockets,
    },
  };
}
