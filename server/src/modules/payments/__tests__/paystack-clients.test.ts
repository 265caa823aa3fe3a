import Ajv from 'ajv';
import Paystack from 'paystack-sdk';
import PaystackApi from 'paystack-api';
import PaystackNode from 'paystack-node';
import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startWebhookSink } from '../../../../test/webhook-sink';
import excerpt from '../../../../test/fixtures/paystack-openapi-excerpt.json';

/**
 * Three Paystack clients from npm, none of them ours, read the stand-in's transactions and refunds (issue 24):
 * List Transactions (perPage, page and Paystack's meta), Fetch Transaction by numeric id, and List Refunds by the
 * transaction's reference. Each is pointed at the stand-in on loopback the way it allows: paystack-sdk takes no
 * base URL, so its transport (the global fetch) is wrapped for api.paystack.co; paystack-api keeps its base URL
 * in the instance's `endpoint`; paystack-node takes got options, its `baseUrl` among them.
 */
let shop: TestShop;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
let key: string;
let base: string;
const realFetch = globalThis.fetch;

/** A payment made on the hosted page, then refunded in part twice: what the clients read back. */
let paid: { reference: string; id: number };
let otherReference: string;

async function payOnHostedPage(email: string, amount: number): Promise<string> {
  const started = await fetch(`${base}/transaction/initialize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, amount }),
  });
  const { data } = (await started.json()) as { data: { reference: string; authorization_url: string } };
  await shop.http.post(new URL(data.authorization_url).pathname).type('form').send({ outcome: 'success' }).expect(200);
  return data.reference;
}

async function refund(transaction: string, amount: number): Promise<void> {
  const answer = await fetch(`${base}/refund`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ transaction, amount }),
  });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  sink = await startWebhookSink(() => key);
  shop = await startTestShop({ seed: false, env: { PAYSTACK_SIMULATOR_WEBHOOK_URL: sink.url } });
  key = paystackSimulatorKey(shop.config.secretKey);
  base = `${shop.url}/paystack-simulator`;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return realFetch(url.replace(/^https:\/\/api\.paystack\.co(?=\/)/, base), init);
  };
  const reference = await payOnHostedPage('wanjiru@example.co.ke', 732000);
  otherReference = await payOnHostedPage('otieno@example.co.ke', 150000);
  await refund(reference, 20000);
  await refund(reference, 12000);
  await refund(otherReference, 5000);
  const verified = await fetch(`${base}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  paid = { reference, id: ((await verified.json()) as { data: { id: number } }).data.id };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await shop.close();
  await sink.close();
});

const ajv = new Ajv({ allErrors: true, strict: false });
type Operation = 'GET /transaction 200' | 'GET /transaction/{id} 200' | 'GET /refund 200';

/**
 * The documented "Fetch Transaction" answer is its example's: metadata with that example's custom_fields, a customer
 * with names and a phone, a source object. A card payment initialized by API has none of them: metadata is what the
 * caller sent, and the customer's names and phone and the source may be null (as verify documents them).
 */
function fetchedSchema(): object {
  type Node = { type?: unknown; properties?: Record<string, Node> };
  const schema = structuredClone(excerpt.schemas['GET /transaction/{id} 200']) as { properties: { data: Node } };
  const data = schema.properties.data.properties!;
  data.metadata = {};
  for (const field of ['first_name', 'last_name', 'phone', 'metadata', 'international_format_phone'])
    data.customer!.properties![field]!.type = undefined;
  data.source = { type: ['object', 'null'] };
  return schema;
}

const validators = {
  'GET /transaction 200': ajv.compile(excerpt.schemas['GET /transaction 200']),
  'GET /transaction/{id} 200': ajv.compile(fetchedSchema()),
  'GET /refund 200': ajv.compile(excerpt.schemas['GET /refund 200']),
};

/** The answer against the response schema of Paystack's OpenAPI description (test/fixtures); every problem named. */
function problemsWith(operation: Operation, answer: unknown): string[] {
  const validate = validators[operation];
  return validate(answer) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
}

/** What every client must read, whatever its wrapping: the answers' bodies. */
interface ClientReads {
  list: (perPage: number, page: number) => Promise<unknown>;
  fetchById: (id: number) => Promise<unknown>;
  refundsOf: (reference: string) => Promise<unknown>;
}

const clients: Record<string, () => ClientReads> = {
  'paystack-sdk': () => {
    const client = new Paystack(key);
    return {
      list: (perPage, page) => client.transaction.list({ perPage, page }),
      fetchById: (id) => client.transaction.fetch(String(id)),
      // Its types know only ?transaction= (the numeric id); Paystack's List Refunds takes the reference too.
      refundsOf: (reference) =>
        client.refund.list({ reference, currency: 'KES' } as unknown as Parameters<typeof client.refund.list>[0]),
    };
  },
  'paystack-api': () => {
    const client = PaystackApi(key);
    client.endpoint = base;
    return {
      list: (perPage, page) => client.transaction.list({ perPage, page }),
      fetchById: (id) => client.transaction.get({ id }),
      refundsOf: (reference) => client.refund.list({ reference, currency: 'KES' }),
    };
  },
  'paystack-node': () => {
    const client = new PaystackNode(key, 'development');
    client.mergeNewOptions({ baseUrl: base });
    const body = async (call: Promise<{ body: unknown }>) => (await call).body;
    return {
      list: (perPage, page) => body(client.listTransaction({ perPage, page })),
      fetchById: (id) => body(client.getTransaction({ id: String(id) })),
      // Its currency defaults to NGN: the shop's payments are in KES.
      refundsOf: (reference) => body(client.listRefund({ reference, currency: 'KES' })),
    };
  },
};

describe.each(Object.keys(clients))('%s against the stand-in', (name) => {
  let reads: ClientReads;
  beforeAll(() => {
    reads = clients[name]!();
  });

  it('lists transactions a page at a time with Paystack’s meta', async () => {
    const first = (await reads.list(1, 1)) as { status: boolean; message: string; data: unknown[]; meta: object };
    expect(first).toMatchObject({ status: true, message: 'Transactions retrieved' });
    expect(problemsWith('GET /transaction 200', first)).toEqual([]);
    expect(first.data).toHaveLength(1);
    expect(first.meta).toEqual({
      total: expect.any(Number),
      total_volume: expect.any(Number),
      skipped: 0,
      perPage: 1,
      page: 1,
      pageCount: expect.any(Number),
    });
    const all = (await reads.list(100, 1)) as {
      data: { id: number; reference: string; amount: number; status: string; customer: { email: string } }[];
      meta: { total: number; total_volume: number; pageCount: number };
    };
    expect(all.meta.total).toBe(all.data.length);
    expect(all.meta.pageCount).toBe(1);
    // Newest first: the second payment before the first.
    const references = all.data.map((transaction) => transaction.reference);
    expect(references.indexOf(otherReference)).toBeLessThan(references.indexOf(paid.reference));
    expect(all.data.find((transaction) => transaction.reference === paid.reference)).toMatchObject({
      id: paid.id,
      amount: 732000,
      status: 'success',
      currency: 'KES',
      customer: { email: 'wanjiru@example.co.ke' },
    });
    const successes = all.data.filter((transaction) => transaction.status === 'success');
    expect(all.meta.total_volume).toBe(successes.reduce((sum, transaction) => sum + transaction.amount, 0));
    const second = (await reads.list(1, 2)) as { data: { reference: string }[]; meta: object };
    expect(second.meta).toMatchObject({ skipped: 1, page: 2, perPage: 1 });
    expect(second.data[0]!.reference).toBe(references[1]);
  });

  it('fetches a transaction by its numeric id', async () => {
    const fetched = await reads.fetchById(paid.id);
    expect(problemsWith('GET /transaction/{id} 200', fetched)).toEqual([]);
    expect(fetched).toMatchObject({
      status: true,
      message: 'Transaction retrieved',
      data: { id: paid.id, reference: paid.reference, amount: 732000, status: 'success', channel: 'card' },
    });
  });

  it('lists the refunds of one transaction by its reference', async () => {
    const listed = (await reads.refundsOf(paid.reference)) as {
      status: boolean;
      message: string;
      data: { transaction: number; transaction_reference: string; amount: number; status: string }[];
      meta: object;
    };
    expect(listed).toMatchObject({ status: true, message: 'Refunds retrieved' });
    expect(problemsWith('GET /refund 200', listed)).toEqual([]);
    expect(listed.data.map((one) => one.amount)).toEqual([12000, 20000]);
    expect(listed.data.every((one) => one.transaction_reference === paid.reference)).toBe(true);
    expect(listed.data.every((one) => one.transaction === paid.id && one.status === 'processed')).toBe(true);
    expect(listed.meta).toEqual({ total: 2, skipped: 0, perPage: '50', page: 1, pageCount: 1, failedRefundCount: 0 });
  });
});

describe('the new reads, refused as Paystack refuses', () => {
  const get = (path: string, secret = key) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${secret}` } });

  it('answers 401 without the key, 404 for an unknown id, 400 for a non-numeric id or a bad filter', async () => {
    for (const path of ['/transaction', `/transaction/${paid.id}`, `/refund?reference=${paid.reference}`]) {
      const answer = await get(path, 'sk_test_wrong');
      expect([path, answer.status, await answer.json()]).toEqual([
        path,
        401,
        { status: false, message: 'Invalid key' },
      ]);
    }
    const unknown = await get('/transaction/999999999999');
    expect([unknown.status, await unknown.json()]).toEqual([404, { status: false, message: 'Transaction not found' }]);
    expect((await get(`/transaction/${paid.reference}`)).status).toBe(400);
    expect((await get('/refund?currency=kes')).status).toBe(400);
    expect((await get('/refund?reference=a&reference=b')).status).toBe(400);
  });

  it('lists no refunds for a reference without any, and none of another currency', async () => {
    const none = await (await get('/refund?reference=no-such-reference')).json();
    expect(none).toMatchObject({ status: true, data: [], meta: { total: 0, pageCount: 0 } });
    const ngn = await (await get(`/refund?reference=${paid.reference}&currency=NGN`)).json();
    expect(ngn).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("reads per_page, as Paystack's OpenAPI description spells List Transactions' page size", async () => {
    const answer = (await (await get('/transaction?per_page=1')).json()) as { data: unknown[]; meta: object };
    expect(answer.data).toHaveLength(1);
    expect(answer.meta).toMatchObject({ perPage: 1 });
  });

  it('answers a page far past the end with an empty list, not a 500 (page=99999999999999999999 made an offset out of range)', async () => {
    for (const page of ['99999999999999999999', String(Number.MAX_SAFE_INTEGER), '100000000000']) {
      const answer = await get(`/transaction?perPage=100&page=${page}`);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
    }
  });

  it('lists transactions in a constant number of statements', async () => {
    const statements = async (perPage: number) =>
      (await shop.statements.measure(() => get(`/transaction?perPage=${perPage}`))).statements;
    expect(await statements(100)).toBe(await statements(1));
  });
});
