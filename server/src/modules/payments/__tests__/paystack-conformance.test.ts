import Ajv, { type ValidateFunction } from 'ajv';
import Paystack from 'paystack-sdk';
import excerpt from '../../../../test/fixtures/paystack-openapi-excerpt.json';
import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startWebhookSink } from '../../../../test/webhook-sink';

/**
 * Conformance (issue 14): a third-party Paystack client from npm (paystack-sdk, not the shop's own client) drives
 * the stand-in through initialize with {email, amount}, verify, a mobile-money charge and a refund; every answer
 * must match the response schema of Paystack's published OpenAPI description (test/fixtures, source named there).
 *
 * paystack-sdk always calls https://api.paystack.co with the global fetch and takes no base URL: the test routes
 * that host to the stand-in by wrapping fetch, the transport the library uses. Nothing of ours is patched.
 */
let shop: TestShop;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
let key: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  sink = await startWebhookSink(() => key);
  shop = await startTestShop({ seed: false, env: { PAYSTACK_SIMULATOR_WEBHOOK_URL: sink.url } });
  key = paystackSimulatorKey(shop.config.secretKey);
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return realFetch(url.replace(/^https:\/\/api\.paystack\.co(?=\/)/, `${shop.url}/paystack-simulator`), init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await shop.close();
  await sink.close();
});

type Operation = keyof typeof excerpt.schemas;
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<Operation, ValidateFunction>();

/** The answer against the documented schema of the operation; the errors, so a failure names every field. */
function problemsWith(operation: Operation, answer: unknown, schema: object = excerpt.schemas[operation]) {
  const validate = validators.get(operation) ?? ajv.compile(schema);
  if (schema === excerpt.schemas[operation]) validators.set(operation, validate);
  return validate(answer) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
}

/**
 * The documented "Create Charge" answer is a finished card charge; an M-Pesa charge answers while it waits on the
 * phone, so what only a finished charge has (when it was paid, its fees, the authorization code, the customer's
 * names) may still be null. Metadata is what the caller sent: the example's custom_fields are that example's.
 */
function pendingChargeSchema(): object {
  type Node = { type?: unknown; required?: string[]; properties?: Record<string, Node> };
  const schema = structuredClone(excerpt.schemas['POST /charge 200']) as { properties: { data: Node } };
  const data = schema.properties.data.properties!;
  const nullable = (node: Node) => (node.type = [node.type, 'null']);
  for (const field of ['paid_at', 'paidAt', 'fees']) nullable(data[field]!);
  nullable(data.authorization!.properties!.authorization_code!);
  for (const field of ['first_name', 'last_name', 'phone', 'metadata'])
    data.customer!.properties![field]!.type = undefined;
  data.metadata = {};
  return schema;
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = (await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as { status: number; body: unknown } | undefined;
  if (!error) throw new Error('expected Paystack to refuse');
  return { status: error.status, body: error.body };
}

it('initialize with {email, amount}, pay, verify: the documented shapes', async () => {
  const paystack = new Paystack(key);
  // The library sends amount as a string, as its own types say.
  const initialized = await paystack.transaction.initialize({ email: 'wanjiru@example.co.ke', amount: '732000' });
  expect(problemsWith('POST /transaction/initialize 200', initialized)).toEqual([]);
  const { reference, authorization_url: authorizationUrl } = (
    initialized as { data: { reference: string; authorization_url: string } }
  ).data;
  await shop.http.post(new URL(authorizationUrl).pathname).type('form').send({ outcome: 'success' });
  const verified = await paystack.transaction.verify(reference);
  expect(problemsWith('GET /transaction/verify/{reference} 200', verified)).toEqual([]);
  expect(verified).toMatchObject({ status: true, data: { reference, status: 'success', amount: 732000 } });

  const duplicate = await refusal(
    paystack.transaction.initialize({ email: 'x@example.co.ke', amount: '1', reference }),
  );
  expect(duplicate.status).toBe(400);
  expect(problemsWith('POST /transaction/initialize 400', duplicate.body)).toEqual([]);
  const wrongKey = await refusal(new Paystack('sk_test_wrong').transaction.verify(reference));
  expect(wrongKey).toEqual({ status: 401, body: { status: false, message: 'Invalid key' } });
  expect(problemsWith('any 401', wrongKey.body)).toEqual([]);
  const unknown = await refusal(paystack.transaction.verify('no-such-reference'));
  expect(unknown.status).toBe(404);
  expect(problemsWith('any 404', unknown.body)).toEqual([]);
});

it('charge mobile money, check it, approve on the phone, verify, refund: the documented shapes', async () => {
  const paystack = new Paystack(key);
  const phone = '0712345678';
  const charged = await paystack.charge.create({
    email: 'otieno@example.co.ke',
    amount: '150000',
    mobile_money: { phone, provider: 'mpesa' },
  } as unknown as Parameters<typeof paystack.charge.create>[0]);
  expect(problemsWith('POST /charge 200', charged, pendingChargeSchema())).toEqual([]);
  const { reference } = (charged as { data: { reference: string; status: string } }).data;
  expect(charged).toMatchObject({ data: { status: 'pay_offline', display_text: expect.any(String) } });

  // paystack-sdk's checkPending asks /charge/submit_address (a bug of the library): the documented call by hand.
  const pending = await (
    await fetch(`https://api.paystack.co/charge/${reference}`, { headers: { authorization: `Bearer ${key}` } })
  ).json();
  expect(problemsWith('GET /charge/{reference} 200', pending)).toEqual([]);

  await shop.http
    .post(`/paystack-simulator/phone/${reference}`)
    .type('form')
    .send({ number: phone, outcome: 'success' });
  const verified = await paystack.transaction.verify(reference);
  expect(problemsWith('GET /transaction/verify/{reference} 200', verified)).toEqual([]);
  expect(verified).toMatchObject({ data: { status: 'success', channel: 'mobile_money' } });
  expect(sink.about(reference).map((hook) => [hook.event, hook.signed])).toEqual([['charge.success', true]]);

  const refunded = await paystack.refund.create({ transaction: reference, amount: 50000 } as unknown as Parameters<
    typeof paystack.refund.create
  >[0]);
  expect(problemsWith('POST /refund 200', refunded)).toEqual([]);
  const refundId = (refunded as { data: { id: number } }).data.id;
  const fetched = await paystack.refund.fetch(String(refundId) as never);
  expect(problemsWith('GET /refund/{id} 200', fetched)).toEqual([]);
  expect(fetched).toMatchObject({ data: { id: refundId, amount: 50000, status: 'processed' } });
  expect(sink.about(reference).map((hook) => hook.event)).toEqual([
    'charge.success',
    'refund.pending',
    'refund.processed',
  ]);
});
