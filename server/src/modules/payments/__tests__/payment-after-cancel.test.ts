import fs from 'node:fs/promises';
import { formatKsh } from '../../../shared/money';
import { UserRole } from '../../accounts/user.entity';
import { Product } from '../../catalog/product.entity';
import { Order } from '../../orders/order.entity';
import { releaseExpiredReservations } from '../../orders/orders.service';
import { NotificationJob } from '../../notifications/notification-job.entity';
import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { Transaction } from '../transaction.entity';
import { createPaystackClient, type PaystackClient } from '../paystack-client';
import { reconcilePendingPayments, type ReconcileOptions } from '../reconcile-payments';
import { shopSettingsOf } from '../../../config/config';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { placeOrderFor, sendPaystackEvent, startPayment } from '../../../../test/checkout';
import { deliverQueuedMessages } from '../../../../test/deliver';

/**
 * Issue 23, item 4: a payment that lands after the order was cancelled (the admin cancelled it while the M-Pesa
 * prompt or the hosted page was still open) never brings the order back. Everything over real HTTP: the stand-in's
 * charge and phone page, its signed webhook to the shop, an SMTP sink read with mailparser.
 */
const ownerEmail = 'owner@manukato.co.ke';
const alertEnv = { SHOP_ALERT_EMAIL: ownerEmail, SHOP_ALERT_PHONE: '+254 700 111 222' };
let shop: TestShop;
let smtp: SmtpSink;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startTestShop({ env: alertEnv });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(async () => {
  await shop.close();
  await smtp.close();
});

async function graphqlAs<T>(user: TestUser, query: string, variables: Record<string, unknown> = {}) {
  const response = await shop.http.post('/graphql').set(user.auth).send({ query, variables }).expect(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data as T;
}

async function orderOf(user: TestUser, productId: number, quantity: number, email: string, method = 'mpesa') {
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 20 });
  await shop.catalogueChanged();
  const placed = await placeOrderFor(shop, user, [[productId, quantity]], {
    recipient_name: 'Atieno Otieno',
    recipient_email: email,
    recipient_phone: '0733 444 555',
    payment_method: method,
  });
  return shop.orm.em.fork().findOneOrFail(Order, { id: placed.id });
}

async function promptPhone(user: TestUser, orderId: string, phone: string): Promise<string> {
  const answer = await graphqlAs<{ payWithMpesa: { charge: { id: string } | null; errors: unknown[] } }>(
    user,
    `mutation ($orderId: ID!, $phone: String!) { payWithMpesa(orderId: $orderId, phone: $phone) { charge { id } errors { code } } }`,
    { orderId, phone },
  );
  expect(answer.payWithMpesa.errors).toEqual([]);
  return answer.payWithMpesa.charge!.id;
}

/** An unpaid M-Pesa order whose prompt is open on the phone, with the stock its hold keeps off the shelf. */
async function promptedOrder(productId: number, quantity: number, email: string, phone: string) {
  const user = await createSignedInUser(shop);
  const order = await orderOf(user, productId, quantity, email);
  const reference = await promptPhone(user, order.id, phone);
  return { user, order, number: order.id.slice(0, 8), reference, heldStock: await stockOf(productId) };
}

/** The shopper answers the prompt on the stand-in's phone page; the stand-in then sends its webhook where it sends them. */
async function approveOnPhone(reference: string, phone: string, outcome = 'success', on: TestShop = shop) {
  await on.http
    .post(`/paystack-simulator/phone/${encodeURIComponent(reference)}`)
    .type('form')
    .send({ number: phone, outcome })
    .expect(303);
}

async function cancelAsAdmin(orderId: string) {
  const answer = await graphqlAs<{ updateOrderStatus: { errors: unknown[] } }>(
    admin,
    `mutation ($id: ID!) { updateOrderStatus(id: $id, status: "cancelled") { order { id } errors { code } } }`,
    { id: orderId },
  );
  expect(answer.updateOrderStatus.errors).toEqual([]);
}

/** What the checkout's M-Pesa dialog polls every 2 s while it waits. */
async function pollPayment(user: TestUser, orderId: string) {
  const data = await graphqlAs<{ orderPayment: { status: string; refundDue: boolean } }>(
    user,
    `query ($orderId: ID!) { orderPayment(orderId: $orderId) { status refundDue } }`,
    { orderId },
  );
  return data.orderPayment;
}

const stockOf = async (productId: number) =>
  (await shop.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;

const subjectsTo = async (email: string) => (await smtp.allTo(email)).map((mail) => mail.subject);

async function smsTo(phone: string, orderNumber: string): Promise<string[]> {
  const dir = shop.config.mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.sms.txt'));
  const texts = await Promise.all(files.map((file) => fs.readFile(`${dir}/${file}`, 'utf8')));
  return texts.filter((text) => text.includes(`To: ${phone}`) && text.includes(orderNumber));
}

async function refundNeededOrders(): Promise<{ id: string; refundNeededCents: number; status: string }[]> {
  const data = await graphqlAs<{
    adminOrders: { orders: { id: string; refundNeededCents: number; status: string }[] };
  }>(admin, `{ adminOrders(paymentState: "refund_needed", limit: 100) { orders { id status refundNeededCents } } }`);
  return data.adminOrders.orders;
}

it('an M-Pesa approval after the admin cancelled the order keeps it cancelled, flags the money and tells the shopper it comes back', async () => {
  const email = 'atieno@example.co.ke';
  const phone = '+254733444555';
  const { user, order, number, reference, heldStock } = await promptedOrder(7, 2, email, phone);

  await cancelAsAdmin(order.id);
  expect(await stockOf(7)).toBe(heldStock + 2);
  await deliverQueuedMessages(shop, smtp);
  expect(await subjectsTo(email)).toEqual([`Your Manukato order ${number} has been cancelled`]);
  // The checkout's dialog is still waiting for the phone.
  expect(await pollPayment(user, order.id)).toEqual({ status: 'pending', refundDue: false });

  // The prompt was still open on the phone: the shopper approves it and the stand-in tells the shop.
  await approveOnPhone(reference, phone);

  const after = await shop.orm.em.fork().findOneOrFail(Order, { id: order.id });
  expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'completed' });
  expect(after.stockReleasedAt).not.toBeNull();
  expect(await stockOf(7)).toBe(heldStock + 2);
  const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { reference });
  expect(transaction.status).toBe('completed');
  expect(transaction.flagReason).toBe('Paid after the order was cancelled: refund needed');
  expect(await refundNeededOrders()).toContainEqual({
    id: order.id,
    status: 'cancelled',
    refundNeededCents: order.totalCents,
  });

  // The same webhook again (Paystack retries) and the shopper's poll change nothing and send nothing more.
  await deliverQueuedMessages(shop, smtp);
  const jobsBefore = await shop.orm.em.fork().count(NotificationJob, {});
  await sendPaystackEvent(shop, paystackSimulatorKey(shop.config.secretKey), {
    event: 'charge.success',
    data: { ...transaction.providerResponse, reference, status: 'success' },
  }).expect(200);
  // The dialog's next poll: the money was taken, and it goes back (never the "confirmed" view).
  expect(await pollPayment(user, order.id)).toEqual({ status: 'completed', refundDue: true });
  expect(await shop.orm.em.fork().count(NotificationJob, {})).toBe(jobsBefore);
  expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({ status: 'cancelled' });

  // The shopper: no confirmation, one message saying the money comes back, by e-mail and SMS.
  expect(await subjectsTo(email)).toEqual([
    `Your Manukato order ${number} has been cancelled`,
    `Your payment for cancelled Manukato order ${number} will be refunded`,
  ]);
  const mail = await smtp.parsedLastTo(email);
  const amount = formatKsh(order.totalCents);
  for (const part of [mail.text ?? '', (typeof mail.html === 'string' ? mail.html : '').replace(/<!-- -->/g, '')]) {
    expect(part).toContain(`we received your payment of ${amount} for order ${number} after the order had been`);
    expect(part).toContain('cancelled');
    expect(part).toContain('M-Pesa account you paid with');
  }
  const sms = await smsTo(phone, number);
  expect(sms.some((text) => text.includes('has been cancelled'))).toBe(true);
  expect(sms.some((text) => text.includes('came after it was cancelled') && text.includes('will be refunded'))).toBe(
    true,
  );
  expect(sms.some((text) => text.includes('received for order'))).toBe(false);

  // The owner is alerted, with the reason.
  const owner = (await smtp.allTo(ownerEmail)).find((one) => one.subject?.includes(number));
  expect(owner?.subject).toBe(`Manukato: refund needed for order ${number}`);
  expect(owner?.text).toContain('Paid after the order was cancelled: refund needed');
  expect(owner?.text).not.toContain('New paid order');

  // My Orders says a refund is due.
  const mine = await graphqlAs<{ myOrders: { id: string; status: string; refundNeededCents: number }[] }>(
    user,
    `{ myOrders { id status refundNeededCents } }`,
  );
  expect(mine.myOrders.find((one) => one.id === order.id)).toEqual({
    id: order.id,
    status: 'cancelled',
    refundNeededCents: order.totalCents,
  });

  // The admin's one-click refund sends all of it back; the order leaves the refund-needed list.
  const refunded = await graphqlAs<{ refundOrder: { refund: { amountCents: number; status: string } | null } }>(
    admin,
    `mutation ($orderId: ID!) { refundOrder(orderId: $orderId, reason: "Paid after cancel", extraPayment: true) { refund { amountCents status } errors { code } } }`,
    { orderId: order.id },
  );
  expect(refunded.refundOrder.refund).toEqual({ amountCents: order.totalCents, status: 'processed' });
  expect((await refundNeededOrders()).map((one) => one.id)).not.toContain(order.id);
  expect(await stockOf(7)).toBe(heldStock + 2);
});

it('a card payment on a hosted page left open while the admin cancelled is verified on return without reopening the order', async () => {
  const email = 'kamau@example.co.ke';
  const user = await createSignedInUser(shop);
  const order = await orderOf(user, 8, 1, email, 'card');
  const payment = await startPayment(shop, user, order.id);
  const shelf = await stockOf(8);
  await cancelAsAdmin(order.id);
  await shop.http.post(new URL(payment.authorization_url).pathname).type('form').send({ outcome: 'success' });
  const verified = await graphqlAs<{ verifyPayment: { status: string; order: { status: string } } }>(
    user,
    `mutation ($reference: String!) { verifyPayment(reference: $reference) { status order { status paymentStatus } } }`,
    { reference: payment.reference },
  );
  expect(verified.verifyPayment).toMatchObject({ status: 'completed', order: { status: 'cancelled' } });
  expect(await stockOf(8)).toBe(shelf + 1);
  expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference: payment.reference })).flagReason).toBe(
    'Paid after the order was cancelled: refund needed',
  );
  await deliverQueuedMessages(shop, smtp);
  expect(await subjectsTo(email)).toEqual([
    `Your Manukato order ${order.id.slice(0, 8)} has been cancelled`,
    `Your payment for cancelled Manukato order ${order.id.slice(0, 8)} will be refunded`,
  ]);
  expect((await smtp.parsedLastTo(email)).text).toContain('card you paid with');
});

it('a second payment for a paid order the admin cancelled is flagged as paid after the cancellation, not taken as the order', async () => {
  const email = 'wanjiru@example.co.ke';
  const phone = '+254733444556';
  const user = await createSignedInUser(shop);
  const order = await orderOf(user, 9, 1, email);
  const first = await promptPhone(user, order.id, phone);
  // Two prompts open on the phone (the shopper tapped Pay twice in two tabs); the first is approved.
  const second = (
    await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ reference: string }[]>(
        `insert into transactions (id, order_id, reference, amount_cents, currency, method)
       values (gen_random_uuid(), ?, 'MK-second-prompt', ?, 'KES', 'mpesa') returning reference`,
        [order.id, order.totalCents],
        'all',
      )
  )[0]!.reference;
  await approveOnPhone(first, phone);
  await cancelAsAdmin(order.id);
  await sendPaystackEvent(shop, paystackSimulatorKey(shop.config.secretKey), {
    event: 'charge.success',
    data: { reference: second, status: 'success', amount: order.totalCents, currency: 'KES' },
  }).expect(200);
  const after = await shop.orm.em.fork().findOneOrFail(Order, { id: order.id });
  expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'completed' });
  expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference: second })).flagReason).toBe(
    'Paid after the order was cancelled: refund needed',
  );
});

it('a payment after the hold ran out still takes the stock again and confirms (the documented case)', async () => {
  const email = 'njeri@example.co.ke';
  const user = await createSignedInUser(shop);
  const order = await orderOf(user, 10, 1, email);
  const reference = await promptPhone(user, order.id, '+254733444557');
  await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 31 * 60_000));
  const shelf = await stockOf(10);
  await approveOnPhone(reference, '+254733444557');
  expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({
    status: 'pending',
    paymentStatus: 'completed',
    stockReleasedAt: null,
  });
  expect(await stockOf(10)).toBe(shelf - 1);
  expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).flagReason).toBeNull();
  expect(await pollPayment(user, order.id)).toEqual({ status: 'completed', refundDue: false });
  await deliverQueuedMessages(shop, smtp);
  expect(await subjectsTo(email)).toEqual([`Your Manukato order ${order.id.slice(0, 8)} is confirmed`]);
});

it('a payment after the hold ran out and the stock went keeps the order cancelled and tells the shopper the money comes back', async () => {
  const email = 'chebet@example.co.ke';
  const user = await createSignedInUser(shop);
  const order = await orderOf(user, 11, 1, email);
  const reference = await promptPhone(user, order.id, '+254733444558');
  await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 31 * 60_000));
  await shop.orm.em.fork().nativeUpdate(Product, { id: 11 }, { quantity: 0 });
  await approveOnPhone(reference, '+254733444558');
  expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'completed',
  });
  expect(await stockOf(11)).toBe(0);
  expect(await pollPayment(user, order.id)).toEqual({ status: 'completed', refundDue: true });
  expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).flagReason).toBe(
    'Paid after the reservation ran out and the stock had gone: refund needed',
  );
  await deliverQueuedMessages(shop, smtp);
  const number = order.id.slice(0, 8);
  expect(await subjectsTo(email)).toEqual([`Your payment for cancelled Manukato order ${number} will be refunded`]);
  expect((await smtp.parsedLastTo(email)).text).toContain('its reservation had run out and the items had sold out');
});

describe('a lost webhook', () => {
  // A second instance on the same database whose stand-in sends its webhooks nowhere: a prompt approved on its
  // phone page reaches the shop only if the shop asks Paystack.
  let lost: TestShop;
  let paystack: PaystackClient;
  const asked: string[] = [];

  beforeAll(async () => {
    lost = await startTestShop({
      shareDatabaseOf: shop,
      env: { ...alertEnv, PAYSTACK_SIMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/lost' },
    });
    const client = createPaystackClient(`${shop.url}/paystack-simulator`, paystackSimulatorKey(shop.config.secretKey));
    // Counts what the reconciliation asks Paystack, by reference.
    paystack = {
      ...client,
      verify: (reference) => {
        asked.push(reference);
        return client.verify(reference);
      },
    };
  });
  afterAll(async () => {
    await lost.close();
  });

  /** One reconciliation round at `minutes` after the payment started, on one instance (the shop's by default). */
  async function reconcileAt(reference: string, minutes: number, on: TestShop = shop) {
    const started = (await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).createdAt.getTime();
    const options: ReconcileOptions = { ...shopSettingsOf(on.config), now: new Date(started + minutes * 60_000) };
    return reconcilePendingPayments(on.orm.em.fork(), paystack, options);
  }
  const timesAsked = (reference: string) => asked.filter((one) => one === reference).length;

  it('an M-Pesa approval after the admin cancelled, its webhook lost, is found by the reconciliation: flagged for a refund, the shopper told once', async () => {
    const email = 'akinyi@example.co.ke';
    const phone = '+254733444560';
    const { user, order, number, reference, heldStock } = await promptedOrder(12, 2, email, phone);
    await cancelAsAdmin(order.id);
    await approveOnPhone(reference, phone, 'success', lost);
    // Nothing reached the shop: the order is as the admin left it, the payment pending.
    expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).status).toBe('pending');

    // Both instances run the job in the same round: Paystack is asked once.
    await Promise.all([reconcileAt(reference, 5), reconcileAt(reference, 5, lost)]);
    expect(timesAsked(reference)).toBe(1);

    const after = await shop.orm.em.fork().findOneOrFail(Order, { id: order.id });
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'completed' });
    expect(after.stockReleasedAt).not.toBeNull();
    expect(await stockOf(12)).toBe(heldStock + 2);
    const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { reference });
    expect(transaction).toMatchObject({
      status: 'completed',
      flagReason: 'Paid after the order was cancelled: refund needed',
    });
    expect(await refundNeededOrders()).toContainEqual({
      id: order.id,
      status: 'cancelled',
      refundNeededCents: order.totalCents,
    });
    expect(await pollPayment(user, order.id)).toEqual({ status: 'completed', refundDue: true });

    // Later rounds leave a settled payment alone: nothing asked, nothing sent again.
    await reconcileAt(reference, 60);
    expect(timesAsked(reference)).toBe(1);
    await deliverQueuedMessages(shop, smtp);
    expect(await subjectsTo(email)).toEqual([
      `Your Manukato order ${number} has been cancelled`,
      `Your payment for cancelled Manukato order ${number} will be refunded`,
    ]);
    // Texted to the order's phone (orderOf's shipping phone), once.
    const sms = await smsTo('+254733444555', number);
    expect(sms.filter((text) => text.includes('came after it was cancelled'))).toHaveLength(1);
    expect(sms.some((text) => text.includes('received for order'))).toBe(false);
    const owner = (await smtp.allTo(ownerEmail)).filter((one) => one.subject?.includes(number));
    expect(owner.map((one) => one.subject)).toEqual([`Manukato: refund needed for order ${number}`]);
    expect(await stockOf(12)).toBe(heldStock + 2);
  });

  it('an approval after the hold ran out, its webhook lost, still pays the order when the stock is there', async () => {
    const email = 'mutua@example.co.ke';
    const phone = '+254733444561';
    const { order, reference } = await promptedOrder(13, 1, email, phone);
    await releaseExpiredReservations(shop.orm.em.fork(), new Date(Date.now() + 31 * 60_000));
    const shelf = await stockOf(13);
    await approveOnPhone(reference, phone, 'success', lost);

    await reconcileAt(reference, 32);

    expect(timesAsked(reference)).toBe(1);
    expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({
      status: 'pending',
      paymentStatus: 'completed',
      stockReleasedAt: null,
    });
    expect(await stockOf(13)).toBe(shelf - 1);
    await deliverQueuedMessages(shop, smtp);
    expect(await subjectsTo(email)).toEqual([`Your Manukato order ${order.id.slice(0, 8)} is confirmed`]);
  });

  it('asks about an abandoned second prompt of an order another payment paid on the slow schedule, for a day', async () => {
    const phone = '+254733444563';
    const { order, reference } = await promptedOrder(15, 1, 'njeri@example.co.ke', phone);
    // A second prompt the shopper never answered (two tabs), then the first approved: paid, held, still pending.
    const [abandoned] = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ reference: string }[]>(
        `insert into transactions (id, order_id, reference, amount_cents, currency, method)
         values (gen_random_uuid(), ?, 'MK-abandoned-prompt', ?, 'KES', 'mpesa') returning reference`,
        [order.id, order.totalCents],
        'all',
      );
    await approveOnPhone(reference, phone);
    expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({
      status: 'pending',
      paymentStatus: 'completed',
      stockReleasedAt: null,
    });
    const asks = async (minutes: number) => {
      const before = timesAsked(abandoned!.reference);
      await reconcileAt(abandoned!.reference, minutes);
      return timesAsked(abandoned!.reference) - before;
    };
    expect(await asks(4)).toBe(1);
    expect(await asks(600)).toBe(1);
    // 10 hours old at the last check: not every minute as for a payment its order waits for, and not after a day.
    expect(await asks(601.5)).toBe(0);
    expect(await asks(24 * 60 + 1)).toBe(0);
  });

  it('asks about a prompt of a cancelled order at most once a minute, less often as it ages, for a day; a decline changes only the payment', async () => {
    const phone = '+254733444562';
    const { user, order, reference } = await promptedOrder(14, 1, 'wambui@example.co.ke', phone);
    await cancelAsAdmin(order.id);
    const asks = async (minutes: number) => {
      const before = timesAsked(reference);
      await reconcileAt(reference, minutes);
      return timesAsked(reference) - before;
    };

    expect(await asks(2)).toBe(0); // the webhook usually comes within seconds
    expect(await asks(4)).toBe(1);
    expect(await asks(4.5)).toBe(0); // asked a minute ago at most
    expect(await asks(5.1)).toBe(1);
    // Then after a quarter of its age at the last check: 5.1 minutes old, asked again 1.3 minutes later.
    expect(await asks(6.2)).toBe(0);
    expect(await asks(6.5)).toBe(1);
    expect(await asks(600)).toBe(1);
    expect(await asks(700)).toBe(0); // 10 hours old at the last check: every 2.5 hours now
    expect(await asks(760)).toBe(1);
    // A day after it started, Paystack is no longer asked.
    expect(await asks(24 * 60 + 1)).toBe(0);

    // Declined on the phone (Paystack sends no webhook for that): learnt at the next round due.
    await approveOnPhone(reference, phone, 'failed', lost);
    expect(await asks(1000)).toBe(1);
    expect((await shop.orm.em.fork().findOneOrFail(Transaction, { reference })).status).toBe('failed');
    // The order stays as the admin left it, and its items do not come back into the shopper's cart.
    expect(await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'pending',
    });
    const [cart] = await shop.orm.em
      .fork()
      .getConnection()
      .execute<{ lines: number }[]>('select count(*)::int as lines from cart_items where user_id = ?', [user.id]);
    expect(cart!.lines).toBe(0);
    expect(await asks(1300)).toBe(0);
  });
});
