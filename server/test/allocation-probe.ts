import 'reflect-metadata';
import { createServer, request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GCProfiler, getHeapSpaceStatistics, type HeapSpaceInfo } from 'node:v8';
import { startTestShop } from './test-shop';

/**
 * What the hot paths allocate per request (issue 29's allocation budget, decision 0093), measured in a process of
 * its own: a Jest worker keeps running what earlier test files left behind, whose garbage V8 would count too. Run by
 * allocation-budget.test.ts (`node --import tsx`), with the test databases' settings in its environment; prints one
 * line of JSON: the bytes each path allocates per request beyond the same client against a bare node:http server
 * sending the same answer in this process.
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
  beforeGC: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] };
  afterGC: { heapSpaceStatistics: { spaceName: string; spaceUsedSize: number }[] };
}
const newSpaceOf = (record: GcRecord['beforeGC']) =>
  record.heapSpaceStatistics.find((space) => space.spaceName === 'new_space')?.spaceUsedSize ?? 0;

/** Bytes allocated in the young generation per request over `count` requests, one at a time. */
async function allocatedPerRequest(baseUrl: string, exchange: Exchange, count: number): Promise<number> {
  const profiler = new GCProfiler();
  const startUsed = newSpace(getHeapSpaceStatistics());
  profiler.start();
  for (let index = 0; index < count; index += 1) {
    const { status } = await send(baseUrl, exchange);
    if (status !== 200) throw new Error(`status ${status} for ${exchange.path}`);
  }
  const records = (profiler.stop()?.statistics ?? []) as unknown as GcRecord[];
  let allocated = 0;
  let afterLast = startUsed;
  for (const record of records) {
    allocated += newSpaceOf(record.beforeGC) - afterLast;
    afterLast = newSpaceOf(record.afterGC);
  }
  allocated += newSpace(getHeapSpaceStatistics()) - afterLast;
  return allocated / count;
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

async function main(): Promise<void> {
  const shop = await startTestShop();
  let bareBody: Buffer = Buffer.alloc(0);
  const bare = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () =>
      outgoing
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bareBody.length })
        .end(bareBody),
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const own: Record<string, number> = {};
  try {
    for (const [name, exchange] of Object.entries(paths)) {
      // Warmed: the query compiled (its second use), its lists and views kept (their second read), the answer cached.
      let answer: Buffer = Buffer.alloc(0);
      for (let index = 0; index < 30; index += 1) answer = (await send(shop.url, exchange)).body;
      bareBody = answer;
      for (let index = 0; index < 30; index += 1) await send(bareUrl, exchange);
      const shopBytes = await allocatedPerRequest(shop.url, exchange, 400);
      const bareBytes = await allocatedPerRequest(bareUrl, exchange, 400);
      own[name] = Math.round(shopBytes - bareBytes);
    }
  } finally {
    agent.destroy();
    await new Promise((resolve) => bare.close(resolve));
    await shop.close();
  }
  process.stdout.write(`${JSON.stringify(own)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
