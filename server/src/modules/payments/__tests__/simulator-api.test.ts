import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startWebhookSink } from '../../../../test/webhook-sink';

/**
 * The stand-in as an integrator meets it (issue 14): Paystack's API over HTTP with the stand-in's key, webhooks
 * to the integrator's endpoint (PAYSTACK_SIMULATOR_WEBHOOK_URL). Each "differs" finding of the issue is a test here.
 */
let shop: TestShop;
let key: string;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;

beforeAll(async () => {
  sink = await startWebhookSink(() => key);
  // SECRET_KEY: '' — the signing secret the database keeps, as a shop without one in its environment.
  shop = await startTestShop({ seed: false, env: { SECRET_KEY: '', PAYSTACK_SIMULATOR_WEBHOOK_URL: sink.url } });
  key = paystackSimulatorKey(shop.config.secretKey);
});
afterAll(async () => {
  await shop.close();
  await sink.close();
});

const api = (target: TestShop = shop, secret = key) => ({
  post: (path: string, body: unknown) =>
    target.http
      .post(`/paystack-simulator${path}`)
      .set('authorization', `Bearer ${secret}`)
      .send(body as object),
  get: (path: string) => target.http.get(`/paystack-simulator${path}`).set('authorization', `Bearer ${secret}`),
});

let counter = 0;
const email = () => `integrator${(counter += 1)}@example.co.ke`;
const phoneNumber = () => `07${String(10_000_000 + (counter += 1)).padStart(8, '0')}`;

/** Initialises a payment and pays (or declines) it on the hosted page, as the customer would. */
async function paidOnHostedPage(body: Record<string, unknown>, outcome: 'success' | 'failed' = 'success') {
  const started = await api().post('/transaction/initialize', body).expect(200);
  const payPath = new URL(started.body.data.authorization_url).pathname;
  await shop.http.post(payPath).type('form').send({ outcome });
  return started.body.data as { reference: string; access_code: string; authorization_url: string };
}

describe('initialize', () => {
  it("takes Paystack's documented minimum {email, amount}: a reference and an access code of its own", async () => {
    const answer = await api().post('/transaction/initialize', { email: email(), amount: 250000 }).expect(200);
    expect(answer.body).toMatchObject({ status: true, message: 'Authorization URL created' });
    const { reference, access_code: accessCode, authorization_url: url } = answer.body.data;
    expect(reference).toMatch(/^[\w.=-]+$/);
    expect(accessCode).not.toBe(reference);
    expect(url).toContain(accessCode);
    const verified = await api().get(`/transaction/verify/${reference}`).expect(200);
    expect(verified.body.data).toMatchObject({ reference, amount: 250000, currency: 'KES', status: 'abandoned' });
  });

  it('takes the amount as a string of digits (Paystack does; some client libraries send it so)', async () => {
    const answer = await api().post('/transaction/initialize', { email: email(), amount: '50000' }).expect(200);
    const verified = await api().get(`/transaction/verify/${answer.body.data.reference}`).expect(200);
    expect(verified.body.data.amount).toBe(50000);
  });

  it("refuses a missing or invalid email and a bad amount in Paystack's words, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 10000 }, 'Invalid Email Address Passed'],
      [{ email: 'not-an-email', amount: 10000 }, 'Invalid Email Address Passed'],
      [{ email: ['a@b.co'], amount: 10000 }, 'Invalid Email Address Passed'],
      [{ email: email() }, 'Invalid Amount Sent'],
      [{ email: email(), amount: 0 }, 'Invalid Amount Sent'],
      [{ email: email(), amount: -100 }, 'Invalid Amount Sent'],
      [{ email: email(), amount: 10.5 }, 'Invalid Amount Sent'],
      [{ email: email(), amount: '10.50' }, 'Invalid Amount Sent'],
    ];
    for (const [body, message] of cases) {
      const reference = `refused-${(counter += 1)}`;
      const answer = await api()
        .post('/transaction/initialize', { ...body, reference })
        .expect(400);
      expect(answer.body).toEqual({ status: false, message });
      await api().get(`/transaction/verify/${reference}`).expect(404);
    }
  });

  it('refuses a duplicate reference, paid or not, and the first payment stays as it was', async () => {
    const reference = `dup-${(counter += 1)}`;
    const customer = email();
    await paidOnHostedPage({ email: customer, amount: 10000, reference, callback_url: 'https://shop.example/back' });
    const again = await api()
      .post('/transaction/initialize', { email: email(), amount: 99, reference, callback_url: 'https://x.example/' })
      .expect(400);
    expect(again.body).toMatchObject({
      status: false,
      message: 'Duplicate Transaction Reference',
      code: 'duplicate_reference',
    });
    const verified = await api().get(`/transaction/verify/${reference}`).expect(200);
    expect(verified.body.data).toMatchObject({ status: 'success', amount: 10000, customer: { email: customer } });
  });

  it("refuses a wrong key with 401 'Invalid key'", async () => {
    const answer = await api(shop, 'sk_test_wrong').post('/transaction/initialize', { email: email(), amount: 100 });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ status: false, message: 'Invalid key' });
  });
});

describe('verify', () => {
  it("answers 401 'Invalid key' to a wrong key before looking the reference up", async () => {
    const { reference } = await paidOnHostedPage({ email: email(), amount: 7000 });
    for (const path of [`/transaction/verify/${reference}`, '/transaction/verify/no-such-reference']) {
      const answer = await api(shop, 'sk_test_wrong').get(path);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ status: false, message: 'Invalid key' });
    }
    const unknown = await api().get('/transaction/verify/no-such-reference').expect(404);
    expect(unknown.body).toEqual({ status: false, message: 'Transaction reference not found' });
  });

  it('answers the documented fields: id, channel, paid_at, gateway_response, customer, authorization', async () => {
    const customer = email();
    const { reference } = await paidOnHostedPage({ email: customer, amount: 7000, metadata: { order_id: 'o-1' } });
    const { data } = (await api().get(`/transaction/verify/${reference}`).expect(200)).body;
    expect(data).toMatchObject({
      id: expect.any(Number),
      domain: 'test',
      status: 'success',
      reference,
      amount: 7000,
      currency: 'KES',
      channel: 'card',
      gateway_response: 'Successful',
      metadata: { order_id: 'o-1' },
      customer: { id: expect.any(Number), email: customer, customer_code: expect.stringMatching(/^CUS_/) },
      authorization: { authorization_code: expect.stringMatching(/^AUTH_/), channel: 'card', reusable: false },
    });
    expect(Date.parse(data.paid_at)).not.toBeNaN();
    expect(data.paidAt).toBe(data.paid_at);
  });
});

describe('webhooks', () => {
  it('sends a signed charge.success for a payment, and nothing for a decline (Paystack has no charge.failed)', async () => {
    const paid = await paidOnHostedPage({ email: email(), amount: 1200 });
    expect(sink.about(paid.reference)).toEqual([
      {
        event: 'charge.success',
        signed: true,
        data: expect.objectContaining({ reference: paid.reference, status: 'success', amount: 1200 }),
      },
    ]);
    const declined = await paidOnHostedPage({ email: email(), amount: 1300 }, 'failed');
    expect(sink.about(declined.reference)).toEqual([]);
    const verified = await api().get(`/transaction/verify/${declined.reference}`).expect(200);
    expect(verified.body.data).toMatchObject({ status: 'failed', gateway_response: 'Declined' });
    expect(sink.received.map((hook) => hook.event)).not.toContain('charge.failed');
  });
});

describe('mobile money (M-Pesa)', () => {
  it('answers pay_offline, lists the prompt on the phone page, and approving pays with charge.success', async () => {
    const phone = phoneNumber();
    const reference = `mpesa-${(counter += 1)}`;
    const charged = await api()
      .post('/charge', { email: email(), amount: 73200, reference, mobile_money: { phone, provider: 'mpesa' } })
      .expect(200);
    expect(charged.body).toMatchObject({
      status: true,
      message: 'Charge attempted',
      data: { reference, status: 'pay_offline', display_text: expect.any(String), channel: 'mobile_money' },
    });
    const pending = await api().get(`/charge/${reference}`).expect(200);
    expect(pending.body.data).toMatchObject({ reference, status: 'pay_offline' });
    expect((await api().get(`/transaction/verify/${reference}`)).body.data.status).toBe('pending');

    const page = await shop.http.get('/paystack-simulator/phone').query({ number: phone }).expect(200);
    expect(page.text).toContain('Ksh 732.00');
    expect(page.text).toContain(reference);
    expect(page.text).not.toMatch(/<script|\son[a-z]+=/i);
    // Another phone sees nothing of it, and cannot answer it.
    const other = phoneNumber();
    expect((await shop.http.get('/paystack-simulator/phone').query({ number: other })).text).not.toContain(reference);
    await shop.http
      .post(`/paystack-simulator/phone/${reference}`)
      .type('form')
      .send({ number: other, outcome: 'success' })
      .expect(404);
    expect(sink.about(reference)).toEqual([]);

    await shop.http
      .post(`/paystack-simulator/phone/${reference}`)
      .type('form')
      .send({ number: phone, outcome: 'success' })
      .expect(303);
    expect(sink.about(reference)).toEqual([
      {
        event: 'charge.success',
        signed: true,
        data: expect.objectContaining({ reference, status: 'success', channel: 'mobile_money', amount: 73200 }),
      },
    ]);
    const verified = await api().get(`/transaction/verify/${reference}`).expect(200);
    expect(verified.body.data).toMatchObject({
      status: 'success',
      channel: 'mobile_money',
      gateway_response: 'Approved',
    });
    // Answered once: the prompt is gone from the phone, and a second answer changes nothing.
    expect((await shop.http.get('/paystack-simulator/phone').query({ number: phone })).text).not.toContain(reference);
    await shop.http
      .post(`/paystack-simulator/phone/${reference}`)
      .type('form')
      .send({ number: phone, outcome: 'failed' })
      .expect(404);
    expect((await api().get(`/transaction/verify/${reference}`)).body.data.status).toBe('success');
  });

  it('a decline on the phone fails the charge with no webhook', async () => {
    const phone = phoneNumber();
    const reference = `mpesa-${(counter += 1)}`;
    await api()
      .post('/charge', { email: email(), amount: '5000', reference, mobile_money: { phone, provider: 'mpesa' } })
      .expect(200);
    await shop.http
      .post(`/paystack-simulator/phone/${reference}`)
      .type('form')
      .send({ number: phone, outcome: 'failed' })
      .expect(303);
    expect(sink.about(reference)).toEqual([]);
    expect((await api().get(`/transaction/verify/${reference}`)).body.data.status).toBe('failed');
  });

  it('refuses what it cannot charge, and duplicate references', async () => {
    const reference = `mpesa-${(counter += 1)}`;
    const good = { email: email(), amount: 100, reference, mobile_money: { phone: phoneNumber(), provider: 'mpesa' } };
    await api().post('/charge', good).expect(200);
    expect((await api().post('/charge', good).expect(400)).body.message).toBe('Duplicate Transaction Reference');
    await api()
      .post('/charge', { ...good, reference: undefined, mobile_money: { phone: '12345', provider: 'mpesa' } })
      .expect(400);
    await api()
      .post('/charge', { ...good, reference: undefined, mobile_money: undefined })
      .expect(400);
    expect(
      (
        await api()
          .post('/charge', { ...good, email: undefined })
          .expect(400)
      ).body.message,
    ).toBe('Invalid Email Address Passed');
    expect((await api(shop, 'sk_test_wrong').post('/charge', good)).status).toBe(401);
  });
});

describe('refunds', () => {
  it('refunds in part and in full, by reference or id, and refuses more than was paid', async () => {
    const { reference } = await paidOnHostedPage({ email: email(), amount: 10000 });
    const { id } = (await api().get(`/transaction/verify/${reference}`)).body.data;
    const part = await api()
      .post('/refund', { transaction: reference, amount: 4000, merchant_note: 'Damaged bottle' })
      .expect(200);
    expect(part.body).toMatchObject({
      status: true,
      data: { amount: 4000, currency: 'KES', status: 'pending', merchant_note: 'Damaged bottle' },
    });
    expect(part.body.data.transaction).toMatchObject({ reference, amount: 10000 });
    const tooMuch = await api().post('/refund', { transaction: reference, amount: 6001 }).expect(400);
    expect(tooMuch.body.status).toBe(false);
    // No amount: the rest. By id this time.
    const rest = await api().post('/refund', { transaction: id }).expect(200);
    expect(rest.body.data.amount).toBe(6000);
    expect((await api().get(`/transaction/verify/${reference}`)).body.data.status).toBe('reversed');
    await api().post('/refund', { transaction: reference, amount: 1 }).expect(400);
    const fetched = await api().get(`/refund/${part.body.data.id}`).expect(200);
    expect(fetched.body.data).toMatchObject({
      id: part.body.data.id,
      status: 'processed',
      transaction_reference: reference,
    });
    await api().get('/refund/999999999').expect(404);
    await api().post('/refund', { transaction: 'no-such-reference' }).expect(404);
    const unpaid = await api().post('/transaction/initialize', { email: email(), amount: 100 }).expect(200);
    await api().post('/refund', { transaction: unpaid.body.data.reference }).expect(400);
    expect((await api(shop, 'sk_test_wrong').post('/refund', { transaction: reference })).status).toBe(401);
  });

  it('never refunds more than was paid, whatever runs in parallel: 10 refunds of 30% give exactly 3', async () => {
    const { reference } = await paidOnHostedPage({ email: email(), amount: 10000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api().post('/refund', { transaction: reference, amount: 3000 })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 400, 400]);
    const [sum] = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ total: string; count: string }[]>(
        'select sum(amount) as total, count(*) as count from simulated_refunds where transaction_reference = ?',
        [reference],
      );
    expect(sum).toEqual({ total: '9000', count: '3' });
    // Each refund reported once as pending and once as processed, signed like charge.success.
    const refundHooks = sink.about(reference).filter((hook) => hook.event.startsWith('refund.'));
    const ids = answers.filter((answer) => answer.status === 200).map((answer) => String(answer.body.data.id));
    for (const id of ids) {
      expect(refundHooks.filter((hook) => hook.data.id === id).map((hook) => hook.event)).toEqual([
        'refund.pending',
        'refund.processed',
      ]);
    }
    expect(refundHooks).toHaveLength(6);
    expect(refundHooks.every((hook) => hook.signed)).toBe(true);
  });

  it('lists refunds a page at a time, in a constant number of statements', async () => {
    const { reference } = await paidOnHostedPage({ email: email(), amount: 10000 });
    const listed = async (perPage: number) =>
      (await shop.statements.measure(() => api().get(`/refund?perPage=${perPage}&page=1`).expect(200))).statements;
    const few = await listed(1);
    for (let index = 0; index < 5; index += 1) {
      await api().post('/refund', { transaction: reference, amount: 100 }).expect(200);
    }
    expect(await listed(5)).toBe(few);
    const page = await api().get('/refund?perPage=2&page=2').expect(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta).toMatchObject({ perPage: '2', page: 2 });
    expect(page.body.meta.total).toBeGreaterThanOrEqual(5);
  });

  it("filters refunds by the transaction's numeric id, as Paystack's List Refunds does, and refuses a reference", async () => {
    const { reference } = await paidOnHostedPage({ email: email(), amount: 10000 });
    const other = await paidOnHostedPage({ email: email(), amount: 10000 });
    const { id } = (await api().get(`/transaction/verify/${reference}`)).body.data;
    expect(typeof id).toBe('number');
    await api().post('/refund', { transaction: reference, amount: 700 }).expect(200);
    await api().post('/refund', { transaction: other.reference, amount: 300 }).expect(200);
    const listed = await api().get(`/refund?transaction=${id}`).expect(200);
    expect(listed.body.data.map((one: { amount: number }) => one.amount)).toEqual([700]);
    expect(listed.body.data[0]).toMatchObject({ transaction: id });
    expect(listed.body.meta.total).toBe(1);
    const byReference = await api().get(`/refund?transaction=${reference}`).expect(400);
    expect(byReference.body.status).toBe(false);
  });
});

describe('hostile input', () => {
  it('gets a clear 4xx or a plain answer, never a 500, and stores nothing odd', async () => {
    const nul = 'a\u0000b';
    const bodies: unknown[] = [
      [],
      { email: { $gt: '' }, amount: 100 },
      { email: email(), amount: 1e300 },
      { email: email(), amount: '9'.repeat(40) },
      { email: email(), amount: 100, reference: nul },
      { email: email(), amount: 100, reference: 'x'.repeat(5000) },
      { email: email(), amount: 100, currency: ['KES'] },
      { email: email(), amount: 100, callback_url: 'javascript:alert(1)' },
      { email: `${nul}@example.co.ke`, amount: 100 },
    ];
    for (const body of bodies) {
      expect((await api().post('/transaction/initialize', body)).status).toBe(400);
      expect((await api().post('/charge', body)).status).toBe(400);
    }
    // Metadata jsonb cannot hold: dropped, the payment still starts.
    const odd = await api().post('/transaction/initialize', { email: email(), amount: 100, metadata: { note: nul } });
    expect(odd.status).toBe(200);
    expect((await api().get(`/transaction/verify/${odd.body.data.reference}`)).body.data.metadata).toBe('');
    for (const body of [[], { transaction: { id: 1 } }, { transaction: nul }, { transaction: '1', amount: -5 }]) {
      expect((await api().post('/refund', body)).status).toBeGreaterThanOrEqual(400);
      expect((await api().post('/refund', body)).status).toBeLessThan(500);
    }
    for (const path of ['/transaction/verify/a%00b', '/charge/a%00b', '/refund/a%00b', '/refund?perPage=x&page=-3']) {
      const status = (await api().get(path)).status;
      expect([200, 400, 404]).toContain(status);
    }
    const phonePages = [
      shop.http.get('/paystack-simulator/phone').query('number=a&number=b'),
      shop.http.get('/paystack-simulator/phone').query({ number: nul, page: 'x' }),
      shop.http
        .post('/paystack-simulator/phone/a%00b')
        .type('form')
        .send({ number: phoneNumber(), outcome: 'success' }),
      shop.http.post('/paystack-simulator/phone/x').type('form').send({ number: 'a', outcome: 'success' }),
    ];
    for (const answer of await Promise.all(phonePages)) expect(answer.status).toBeLessThan(500);
  });
});

describe('state and key', () => {
  it('keeps payments across a restart: a link started before it still pays after it, on the same key', async () => {
    const before = await startTestShop({
      shareDatabaseOf: shop,
      env: { SECRET_KEY: '', PAYSTACK_SIMULATOR_WEBHOOK_URL: sink.url },
    });
    const beforeKey = paystackSimulatorKey(before.config.secretKey);
    const started = await api(before, beforeKey)
      .post('/transaction/initialize', { email: email(), amount: 4200 })
      .expect(200);
    await before.close();
    const after = await startTestShop({
      shareDatabaseOf: shop,
      env: { SECRET_KEY: '', PAYSTACK_SIMULATOR_WEBHOOK_URL: sink.url },
    });
    try {
      expect(paystackSimulatorKey(after.config.secretKey)).toBe(beforeKey);
      const payPath = new URL(started.body.data.authorization_url).pathname;
      await after.http.get(payPath).expect(200);
      await after.http.post(payPath).type('form').send({ outcome: 'success' }).expect(200);
      const verified = await api(after, beforeKey).get(`/transaction/verify/${started.body.data.reference}`);
      expect(verified.body.data).toMatchObject({ status: 'success', amount: 4200 });
    } finally {
      await after.close();
    }
  });
});
