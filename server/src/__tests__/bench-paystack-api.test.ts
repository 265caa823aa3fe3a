import { startBenchPaystackApi } from '../../test/bench-paystack-api';
import { createPaystackClient, PaystackRefusal } from '../modules/payments/paystack-client';

/**
 * The bench's Paystack-compatible API (bench/paystack-api.mjs, decision 0095), run as the bench runs it and asked
 * through the shop's own Paystack client: the checkout scenario's payments must be answered as Paystack would.
 */
const secretKey = 'sk_test_bench_api_0123456789';
let api: Awaited<ReturnType<typeof startBenchPaystackApi>>;
let baseUrl: string;

beforeAll(async () => {
  api = await startBenchPaystackApi(secretKey);
  baseUrl = api.url;
});

afterAll(() => api.stop());

const payment = {
  email: 'shopper@example.com',
  amount: 450_000,
  currency: 'KES',
  reference: 'MK-bench-1',
  callback_url: 'http://127.0.0.1/checkout/paid',
  channels: ['card', 'mobile_money'],
  metadata: {},
};

it("initializes a payment as Paystack answers it, for the shop's client", async () => {
  const answer = await createPaystackClient(baseUrl, secretKey).initialize(payment);
  expect(answer).toEqual({
    authorization_url: 'https://checkout.paystack.com/MK-bench-1',
    access_code: 'MK-bench-1',
    reference: 'MK-bench-1',
  });
});

it('refuses another key with 401, and a payment without its amount with 400', async () => {
  await expect(createPaystackClient(baseUrl, 'sk_test_other_key_000').initialize(payment)).rejects.toMatchObject({
    httpStatus: 401,
  });
  const { amount: _amount, ...withoutAmount } = payment;
  const refused = createPaystackClient(baseUrl, secretKey).initialize(withoutAmount as typeof payment);
  await expect(refused).rejects.toBeInstanceOf(PaystackRefusal);
  await expect(refused).rejects.toMatchObject({ httpStatus: 400 });
});

it('answers a verification as abandoned, so the shop lets the stock go in time', async () => {
  const verified = await createPaystackClient(baseUrl, secretKey).verify('MK-bench-1');
  expect(verified).toMatchObject({ reference: 'MK-bench-1', status: 'abandoned' });
});
