// The shop's own V8 settings, as main.ts takes them first (decision 0113).
import '../src/v8-settings';
import 'reflect-metadata';
import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GCProfiler, getHeapSpaceStatistics, type HeapSpaceInfo } from 'node:v8';
import { startBenchPaystackApi } from './bench-paystack-api';
import { checkoutForm, setStock } from './checkout';
import { startTestShop } from './test-shop';
import { createSignedInUser } from './users';

/**
 * What the hot paths allocate per request (issue 29's allocation budget, decision 0093), measured in a process of
 * its own: a Jest worker keeps running what earlier test files left behind, whose garbage V8 would count too. Run by
 * allocation-budget.test.ts (`node --import tsx`), with the test databases' settings in its environment; prints one
 * line of JSON: the bytes each path allocates per request (per checkout: its three requests) beyond the same client
 * against a bare node:http server sending the same answers in this process.
 */

interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(baseUrl: string, exchange: Exchange): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(exchange.path, baseUrl),
      { method: exchange.method, headers: exchange.headers, agent },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(exchange.body);
  });
}

const newSpace = (spaces: readonly HeapSpaceInfo[]) =>
  spaces.find((space) => space.space_name === 'new_space')?.space_used_size ?? 0;

interface GcRecord {
  gcType: string;
  beforeGC: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] };
  afterGC: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] };
}
const spaceOf = (record: GcRecord['beforeGC'], name: string) =>
  record.heapSpaceStatistics.find((space) => space.spaceName === name)?.spaceUsedSize ?? 0;
const newSpaceOf = (record: GcRecord['beforeGC']) => spaceOf(record, 'new_space');
/** What a young collection moved into the old generation: objects that outlived two of them. */
const promotedBy = (record: GcRecord) =>
  ['old_space', 'large_object_space'].reduce(
    (sum, name) => sum + spaceOf(record.afterGC, name) - spaceOf(record.beforeGC, name),
    0,
  );

interface PerRun {
  /** Bytes allocated in the young generation per run. */
  allocated: number;
  /** Bytes the young collections promoted per run, garbage a full collection then has to find. */
  promoted: number;
}

/** What one run of `unit` (one request, or a checkout's three) allocates and promotes, over `count` runs. */
async function allocatedPer(count: number, unit: () => Promise<void>): Promise<PerRun> {
  // A full collection first, so no sweeping left from before is counted (allocation-budget.test.ts runs the probe with
  // --expose-gc; run by hand without it, the probe measures without this).
  (globalThis as { gc?: () => void }).gc?.();
  const profiler = new GCProfiler();
  const startUsed = newSpace(getHeapSpaceStatistics());
  profiler.start();
  for (let index = 0; index < count; index += 1) await unit();
  const records = (profiler.stop()?.statistics ?? []) as unknown as GcRecord[];
  let allocated = 0;
  let promoted = 0;
  let afterLast = startUsed;
  for (const record of records) {
    allocated += newSpaceOf(record.beforeGC) - afterLast;
    afterLast = newSpaceOf(record.afterGC);
    if (record.gcType === 'Scavenge') promoted += promotedBy(record);
  }
  allocated += newSpace(getHeapSpaceStatistics()) - afterLast;
  return { allocated: allocated / count, promoted: promoted / count };
}

/** Sends `exchange` and answers its body; anything but `expected` is an error. */
async function exchanged(baseUrl: string, exchange: Exchange, expected = 200): Promise<Buffer> {
  const { status, body } = await send(baseUrl, exchange);
  if (status !== expected) throw new Error(`status ${status} for ${exchange.path}: ${body.toString().slice(0, 200)}`);
  return body;
}

const cardFields =
  'id name category inStock anySizeInStock priceCents salePriceCents onSale effectivePriceCents fromPriceCents ' +
  'pricesDiffer images { id url srcSet width height }';
const categoryPage: Exchange = {
  method: 'POST',
  path: '/graphql',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify({
    query: `query ($filter: ProductFilter!, $sort: ProductSort!, $limit: Int!) {
      products(filter: $filter, sort: $sort, limit: $limit) { ${cardFields} } productsCount(filter: $filter) }`,
    variables: { filter: { categorySlug: 'for-women' }, sort: 'PRICE_LOW_TO_HIGH', limit: 60 },
  }),
};
const cachedGet: Exchange = {
  method: 'GET',
  path: `/graphql?query=${encodeURIComponent('{ products(limit: 20) { id name priceCents inStock images { id url } } }')}`,
  headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
};
const restList: Exchange = { method: 'GET', path: '/api/products/list', headers: { accept: 'application/json' } };

const paths = { categoryPage, cachedGet, restList };

/** A checkout as the bench makes it: add to cart, create the order, start its payment (decision 0095). */
function checkoutSteps(token: string, productId: number) {
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` };
  const post = (path: string, body: unknown): Exchange => ({
    method: 'POST',
    path,
    headers,
    body: JSON.stringify(body),
  });
  return {
    add: post('/api/carts/add', { product_id: productId, quantity: 1 }),
    create: post('/api/orders/create', { ...checkoutForm, payment_method: 'mpesa' }),
    initialize: (orderId: string) => post('/api/paystack/initialize', { order_id: orderId }),
  };
}

async function main(): Promise<void> {
  const paystackKey = 'sk_test_allocation_probe_0123456789';
  // Paystack's side in a process of its own, so its garbage is not counted as the shop's.
  const paystack = await startBenchPaystackApi(paystackKey);
  const shop = await startTestShop({
    env: {
      PAYSTACK_SECRET_KEY: paystackKey,
      PAYSTACK_BASE_URL: paystack.url,
      PAYMENT_PROMPTS_PER_ACCOUNT: '100000',
      PAYMENT_PROMPTS_PER_IP: '100000',
    },
  });
  const bareBodies = new Map<string, Buffer>();
  const bare = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      const body = bareBodies.get(incoming.url ?? '') ?? Buffer.alloc(0);
      outgoing
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
        .end(body);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const own: Record<string, number> = {};
  const promoted: Record<string, number> = {};
  try {
    for (const [name, exchange] of Object.entries(paths)) {
      // Warmed: the query compiled (its second use), its lists and views kept (their second read), the answer cached.
      let answer: Buffer = Buffer.alloc(0);
      for (let index = 0; index < 200; index += 1) answer = await exchanged(shop.url, exchange);
      bareBodies.set(exchange.path, answer);
      for (let index = 0; index < 200; index += 1) await send(bareUrl, exchange);
      const shopBytes = await allocatedPer(2000, () => exchanged(shop.url, exchange).then(() => undefined));
      const bareBytes = await allocatedPer(2000, () => exchanged(bareUrl, exchange).then(() => undefined));
      own[name] = Math.round(shopBytes.allocated - bareBytes.allocated);
      promoted[name] = Math.round(shopBytes.promoted - bareBytes.promoted);
    }

    const user = await createSignedInUser(shop);
    await setStock(shop, [1], 1_000_000);
    const steps = checkoutSteps(user.token, 1);
    const checkout = async (baseUrl: string, expected: { add: number; create: number }) => {
      await exchanged(baseUrl, steps.add, expected.add);
      const created = JSON.parse((await exchanged(baseUrl, steps.create, expected.create)).toString()) as {
        data: { order: { id: string } };
      };
      await exchanged(baseUrl, steps.initialize(created.data.order.id));
    };
    const shopCheckout = () => checkout(shop.url, { add: 201, create: 201 });
    for (let index = 0; index < 30; index += 1) await shopCheckout();
    // The bare server answers each step with the shop's last answer to it.
    bareBodies.set(steps.add.path, await exchanged(shop.url, steps.add, 201));
    const lastOrder = await exchanged(shop.url, steps.create, 201);
    bareBodies.set(steps.create.path, lastOrder);
    const lastId = (JSON.parse(lastOrder.toString()) as { data: { order: { id: string } } }).data.order.id;
    bareBodies.set(steps.initialize(lastId).path, await exchanged(shop.url, steps.initialize(lastId)));
    const bareCheckout = () => checkout(bareUrl, { add: 200, create: 200 });
    for (let index = 0; index < 30; index += 1) await bareCheckout();
    const shopCheckouts = await allocatedPer(200, shopCheckout);
    const bareCheckouts = await allocatedPer(200, bareCheckout);
    own.checkout = Math.round(shopCheckouts.allocated - bareCheckouts.allocated);
    promoted.checkout = Math.round(shopCheckouts.promoted - bareCheckouts.promoted);
  } finally {
    agent.destroy();
    await new Promise((resolve) => bare.close(resolve));
    await shop.close();
    await paystack.stop();
  }
  process.stdout.write(`${JSON.stringify({ allocated: own, promoted })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
