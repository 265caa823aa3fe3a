import { UserRole } from '../../accounts/user.entity';
import { Product } from '../../catalog/product.entity';
import { NotificationJob } from '../../notifications/notification-job.entity';
import { Order } from '../../orders/order.entity';
import { createPaystackClient, type PaystackClient } from '../paystack-client';
import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { applyPaystackResult } from '../payments.service';
import { refundNote } from '../refunds.service';
import { reconcilePendingPayments, reconcilePendingRefunds } from '../reconcile-payments';
import { Refund } from '../refund.entity';
import { Transaction } from '../transaction.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor, sendPaystackEvent, startPayment } from '../../../../test/checkout';
import { startAnswerDroppingProxy } from '../../../../test/answer-dropping-proxy';

/**
 * Refunds and reconciliation against the Paystack stand-in over real HTTP (decision 0055): POST /refund, its
 * signed refund webhooks back to the shop, and GET /transaction/verify for a payment whose webhook was lost.
 */
let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await createSignedInUser(shop, UserRole.ADMIN);
});
afterAll(async () => {
  await shop.close();
});

const refundMutation = `mutation ($orderId: ID!, $reason: String!, $amountCents: Int, $restock: Boolean, $extraPayment: Boolean) {
  refundOrder(orderId: $orderId, reason: $reason, amountCents: $amountCents, restock: $restock, extraPayment: $extraPayment) {
    refund { id amountCents status restock reason }
    errors { field code message }
  }
}`;

interface RefundAnswer {
  data?: {
    refundOrder: {
      refund: { id: string; amountCents: number; status: string } | null;
      errors: { field: string; code: string }[];
    };
  };
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function graphqlAs<T>(target: TestShop, user: TestUser, query: string, variables: Record<string, unknown>) {
  const response = await target.http.post('/graphql').set(user.auth).send({ query, variables });
  return response.body as T;
}

function refund(variables: Record<string, unknown>, user = admin, target = shop) {
  return graphqlAs<RefundAnswer>(target, user, refundMutation, variables);
}

const refundableQuery = 'query ($orderId: ID!) { orderRefundableCents(orderId: $orderId) }';

/** What the refund dialog proposes: the server's figure of what is left to refund. */
async function refundableOf(orderId: string, user = admin, target = shop) {
  return graphqlAs<{ data?: { orderRefundableCents: number }; errors?: { extensions?: { code?: string } }[] }>(
    target,
    user,
    refundableQuery,
    { orderId },
  );
}

async function placedOrder(target: TestShop, user: TestUser, productId: number, quantity = 2) {
  await target.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 50 });
  await target.catalogueChanged();
  return placeOrderFor(target, user, [[productId, quantity]], { payment_method: 'card', recipient_email: user.email });
}

/** Pays on the stand-in's hosted page, as the shopper does; the stand-in sends charge.success to the shop. */
async function paidOrder(productId: number, quantity = 2) {
  const user = await createSignedInUser(shop);
  const placed = await placedOrder(shop, user, productId, quantity);
  const reference = await payOnStandIn(shop, user, placed.id);
  const order = await shop.orm.em.fork().findOneOrFail(Order, { id: placed.id });
  expect(order.paymentStatus).toBe('completed');
  return { user, order, reference };
}

const stockOf = async (productId: number) =>
  (await shop.orm.em.fork().findOneOrFail(Product, { id: productId })).quantity;

const refundJobs = (recipient: string) =>
  shop.orm.em.fork().find(NotificationJob, { recipient, subject: { $like: 'Refund of %' } });

describe('refundOrder', () => {
  it('refunds part of a paid order: Paystack processes it, the order counts it, the shopper gets an e-mail and SMS', async () => {
    const { order } = await paidOrder(11);
    const half = Math.floor(order.totalCents / 2);
    const answer = await refund({ orderId: order.id, amountCents: half, reason: 'One bottle arrived broken' });
    expect(answer.data?.refundOrder.errors).toEqual([]);
    expect(answer.data?.refundOrder.refund).toMatchObject({ amountCents: half, status: 'processed' });
    const after = await shop.orm.em.fork().findOneOrFail(Order, { id: order.id });
    expect(after.refundedCents).toBe(half);
    const stored = await shop.orm.em.fork().findOneOrFail(Refund, { id: answer.data!.refundOrder.refund!.id });
    expect(stored.paystackRefundId).toMatch(/^\d+$/);
    expect(await refundJobs(order.recipientEmail)).toHaveLength(1);
    const sms = await shop.orm.em
      .fork()
      .find(NotificationJob, { recipient: order.recipientPhone, body: { $like: '%refunded%' } });
    expect(sms).toHaveLength(1);
    // The rest, with no amount: everything left; then nothing is left.
    const rest = await refund({ orderId: order.id, reason: 'Cancelled by the shopper' });
    expect(rest.data?.refundOrder.refund?.amountCents).toBe(order.totalCents - half);
    const none = await refund({ orderId: order.id, reason: 'Again' });
    expect(none.data?.refundOrder.errors).toEqual([
      expect.objectContaining({ field: 'amountCents', code: 'REFUND_TOO_LARGE' }),
    ]);
    const listed = await graphqlAs<{ data: { orderRefunds: { amountCents: number; status: string }[] } }>(
      shop,
      admin,
      `query ($orderId: ID!) { orderRefunds(orderId: $orderId) { id amountCents status } }`,
      { orderId: order.id },
    );
    expect(listed.data.orderRefunds.map((entry) => entry.amountCents).sort()).toEqual(
      [half, order.totalCents - half].sort(),
    );
  });

  it('never refunds more than was paid under 10 parallel requests', async () => {
    const { order } = await paidOrder(12, 1);
    const share = Math.floor(order.totalCents / 4);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund({ orderId: order.id, amountCents: share, reason: 'Parallel' })),
    );
    const accepted = answers.filter((answer) => answer.data?.refundOrder.refund);
    const refused = answers.filter((answer) => answer.data?.refundOrder.errors[0]?.code === 'REFUND_TOO_LARGE');
    expect(accepted).toHaveLength(4);
    expect(refused).toHaveLength(6);
    const rows = await shop.orm.em.fork().find(Refund, { order: order.id });
    const kept = rows.filter((row) => row.status !== 'failed');
    expect(kept.reduce((sum, row) => sum + row.amountCents, 0)).toBe(share * 4);
    expect(kept.every((row) => row.status === 'processed')).toBe(true);
    expect((await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).refundedCents).toBe(share * 4);
    // Each webhook came before its answer, with three twins of one amount waiting: each refund still got the
    // Paystack refund sent for it, the one whose merchant note names it.
    const standIn = createPaystackClient(`${shop.url}/paystack-simulator`, paystackSimulatorKey(shop.config.secretKey));
    for (const row of kept) {
      const atPaystack = await standIn.fetchRefund(row.paystackRefundId!);
      expect(atPaystack.merchant_note).toBe(refundNote(row.id, 'Parallel'));
    }
  });

  it('applies a refund webhook once: the same event twice changes nothing and sends one e-mail', async () => {
    const { order } = await paidOrder(13);
    const answer = await refund({ orderId: order.id, reason: 'Duplicate webhook test', restock: false });
    const stored = await shop.orm.em.fork().findOneOrFail(Refund, { id: answer.data!.refundOrder.refund!.id });
    const transaction = await shop.orm.em.fork().findOneOrFail(Transaction, { id: stored.transaction.id });
    const event = {
      event: 'refund.processed',
      data: {
        id: Number(stored.paystackRefundId),
        status: 'processed',
        transaction_reference: transaction.reference,
        amount: stored.amountCents,
        currency: 'KES',
      },
    };
    const key = paystackSimulatorKey(shop.config.secretKey);
    await sendPaystackEvent(shop, key, event).expect(200);
    await sendPaystackEvent(shop, key, event).expect(200);
    // A failure reported after it was processed changes nothing either.
    await sendPaystackEvent(shop, key, { ...event, event: 'refund.failed' }).expect(200);
    const after = await shop.orm.em.fork().findOneOrFail(Order, { id: order.id });
    expect(after.refundedCents).toBe(order.totalCents);
    expect((await shop.orm.em.fork().findOneOrFail(Refund, { id: stored.id })).status).toBe('processed');
    expect(await refundJobs(order.recipientEmail)).toHaveLength(1);
    // Unsigned: refused before anything is read.
    await sendPaystackEvent(shop, key, event, 'b'.repeat(128)).expect(401);
  });

  it('puts the stock back once when the admin asks, and not when not asked', async () => {
    // paidOrder sets the shelf to 50 before ordering.
    const before = 50;
    const { order } = await paidOrder(14, 3);
    expect(await stockOf(14)).toBe(before - 3);
    await refund({ orderId: order.id, amountCents: 100, reason: 'Partial, no restock' });
    expect(await stockOf(14)).toBe(before - 3);
    await refund({ orderId: order.id, amountCents: 100, reason: 'Restock', restock: true });
    expect(await stockOf(14)).toBe(before);
    await refund({ orderId: order.id, amountCents: 100, reason: 'Restock again', restock: true });
    expect(await stockOf(14)).toBe(before);
  });

  it('is for admins only, and refuses bad input and unpaid orders as data', async () => {
    const { user, order } = await paidOrder(15);
    const asShopper = await refund({ orderId: order.id, reason: 'Mine' }, user);
    expect(asShopper.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await shop.orm.em.fork().count(Refund, { order: order.id })).toBe(0);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ orderId: order.id, reason: '  ' }, 'reason', 'REQUIRED'],
      [{ orderId: order.id, reason: 'x'.repeat(501) }, 'reason', 'TOO_LONG'],
      [{ orderId: order.id, reason: 'Zero', amountCents: 0 }, 'amountCents', 'INVALID'],
      [{ orderId: order.id, reason: 'Too much', amountCents: order.totalCents + 1 }, 'amountCents', 'REFUND_TOO_LARGE'],
      [{ orderId: 'not-a-uuid', reason: 'Unknown' }, 'orderId', 'NOT_FOUND'],
      [{ orderId: order.id, reason: 'No extra payment', extraPayment: true }, 'orderId', 'NOT_REFUNDABLE'],
    ];
    for (const [variables, field, code] of cases) {
      const answer = await refund(variables);
      expect(answer.data?.refundOrder.errors).toEqual([expect.objectContaining({ field, code })]);
    }
    const unpaid = await placedOrder(shop, user, 16, 1);
    const refused = await refund({ orderId: unpaid.id, reason: 'Not paid' });
    expect(refused.data?.refundOrder.errors).toEqual([expect.objectContaining({ code: 'NOT_REFUNDABLE' })]);
    // What is left to refund: the whole payment, nothing for an unpaid order; admins only; unknown orders are 404.
    expect((await refundableOf(order.id)).data?.orderRefundableCents).toBe(order.totalCents);
    expect((await refundableOf(unpaid.id)).data?.orderRefundableCents).toBe(0);
    expect((await refundableOf(order.id, user)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await refundableOf('not-a-uuid')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await refundableOf('4b5c6d7e-1111-2222-3333-444444444444')).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
  });

  it('refunds a flagged double payment in one click and filters "refund needed" orders', async () => {
    const user = await createSignedInUser(shop);
    const placed = await placedOrder(shop, user, 17, 1);
    // Two tabs: two payments started, both paid.
    const first = await startPayment(shop, user, placed.id);
    const second = await startPayment(shop, user, placed.id);
    await shop.http.post(new URL(first.authorization_url).pathname).type('form').send({ outcome: 'success' });
    await shop.http.post(new URL(second.authorization_url).pathname).type('form').send({ outcome: 'success' });
    const flagged = await shop.orm.em.fork().findOneOrFail(Transaction, { reference: second.reference });
    expect(flagged.flagReason).toMatch(/refund needed/);
    const list = (state: string) =>
      graphqlAs<{
        data: { adminOrders: { orders: { id: string; refundNeededCents: number; paymentState: string }[] } };
      }>(
        shop,
        admin,
        `query ($state: String) { adminOrders(paymentState: $state, limit: 100) { orders { id paymentState refundNeededCents } } }`,
        { state },
      );
    const needed = (await list('refund_needed')).data.adminOrders.orders.find((order) => order.id === placed.id);
    expect(needed).toMatchObject({ paymentState: 'paid', refundNeededCents: flagged.amountCents });
    const answer = await refund({ orderId: placed.id, reason: 'Paid twice', extraPayment: true });
    expect(answer.data?.refundOrder.refund?.amountCents).toBe(flagged.amountCents);
    const stored = await shop.orm.em.fork().findOneOrFail(Refund, { id: answer.data!.refundOrder.refund!.id });
    expect(stored.transaction.id).toBe(flagged.id);
    expect((await list('refund_needed')).data.adminOrders.orders.map((order) => order.id)).not.toContain(placed.id);
    const refunded = (await list('refunded')).data.adminOrders.orders.find((order) => order.id === placed.id);
    expect(refunded?.paymentState).toBe('refunded');
    // The refund-needed amounts cost one statement for the page, whatever its length.
    const page = (limit: number) =>
      shop.statements.measure(() =>
        graphqlAs(
          shop,
          admin,
          `query ($limit: Int) { adminOrders(limit: $limit) { orders { id refundNeededCents } } }`,
          {
            limit,
          },
        ),
      );
    expect((await page(5)).statements).toBe((await page(1)).statements);
  });
});

describe('what the shopper sees', () => {
  it("shows My Orders' payment state and the order's refunds to its shopper only, in one statement a page", async () => {
    const { user, order } = await paidOrder(19);
    const stranger = await createSignedInUser(shop);
    const refunds = (who: TestUser) =>
      graphqlAs<{ data?: { orderRefunds: { amountCents: number; status: string }[] } }>(
        shop,
        who,
        `query ($orderId: ID!) { orderRefunds(orderId: $orderId) { id amountCents status } }`,
        { orderId: order.id },
      );
    await refund({ orderId: order.id, amountCents: 100, reason: 'First' });
    const one = await shop.statements.measure(() => refunds(user));
    await refund({ orderId: order.id, amountCents: 200, reason: 'Second' });
    await refund({ orderId: order.id, amountCents: 300, reason: 'Third' });
    const three = await shop.statements.measure(() => refunds(user));
    expect(three.statements).toBe(one.statements);
    expect(three.result.data?.orderRefunds.map((entry) => entry.amountCents)).toEqual([300, 200, 100]);
    expect((await refunds(stranger)).data?.orderRefunds).toEqual([]);
    const mine = await graphqlAs<{ data: { myOrders: { id: string; paymentState: string; refundedCents: number }[] } }>(
      shop,
      user,
      `{ myOrders { id paymentState refundedCents } }`,
      {},
    );
    expect(mine.data.myOrders.find((entry) => entry.id === order.id)).toMatchObject({
      paymentState: 'partially_refunded',
      refundedCents: 600,
    });
  });
});

describe('reconciliation', () => {
  let lost: TestShop;
  let other: TestShop;
  let client: PaystackClient;

  beforeAll(async () => {
    // Two instances on one database whose stand-in sends its webhooks nowhere: every charge.success is lost.
    lost = await startTestShop({ env: { PAYSTACK_SIMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/lost' } });
    other = await startTestShop({
      shareDatabaseOf: lost,
      env: { PAYSTACK_SIMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/lost' },
    });
    client = createPaystackClient(`${lost.url}/paystack-simulator`, paystackSimulatorKey(lost.config.secretKey));
  });
  afterAll(async () => {
    await other.close();
    await lost.close();
  });

  it('pays an order whose webhook was lost, once, with two instances running the job together', async () => {
    const user = await createSignedInUser(lost);
    const placed = await placedOrder(lost, user, 18, 1);
    const reference = await payOnStandIn(lost, user, placed.id);
    expect((await lost.orm.em.fork().findOneOrFail(Order, { id: placed.id })).paymentStatus).toBe('pending');
    const options = { lowStockThreshold: 5, publicUrl: lost.config.publicUrl };
    // Too recent: not asked yet.
    expect(await reconcilePendingPayments(lost.orm.em.fork(), client, options)).toBe(0);
    const later = { ...options, now: new Date(Date.now() + 5 * 60_000) };
    const [one, two] = await Promise.all([
      reconcilePendingPayments(lost.orm.em.fork(), client, later),
      reconcilePendingPayments(other.orm.em.fork(), client, later),
    ]);
    expect(one + two).toBe(1);
    const order = await lost.orm.em.fork().findOneOrFail(Order, { id: placed.id });
    expect(order.paymentStatus).toBe('completed');
    expect((await lost.orm.em.fork().findOneOrFail(Transaction, { reference })).status).toBe('completed');
    const confirmations = await lost.orm.em.fork().find(NotificationJob, {
      recipient: order.recipientEmail,
      subject: { $like: '%is confirmed' },
    });
    expect(confirmations).toHaveLength(1);
  });

  it('keeps a refund whose answer was lost pending with its amount reserved, then settles it once by asking Paystack', async () => {
    // A shop on the same database whose Paystack answers reach it only through a proxy that drops every answer.
    const proxy = await startAnswerDroppingProxy(`${lost.url}/paystack-simulator`);
    const dropping = await startTestShop({
      shareDatabaseOf: lost,
      env: { PAYSTACK_SECRET_KEY: paystackSimulatorKey(lost.config.secretKey), PAYSTACK_BASE_URL: proxy.url },
    });
    try {
      const lostAdmin = await createSignedInUser(lost, UserRole.ADMIN);
      const user = await createSignedInUser(lost);
      const placed = await placedOrder(lost, user, 19, 1);
      const reference = await payOnStandIn(lost, user, placed.id);
      await applyPaystackResult(lost.orm.em.fork(), reference, await client.verify(reference), {
        lowStockThreshold: 5,
        publicUrl: lost.config.publicUrl,
      });
      const paid = await lost.orm.em.fork().findOneOrFail(Order, { id: placed.id });
      expect(paid.paymentStatus).toBe('completed');
      const part = 1_000;

      const answer = await refund({ orderId: paid.id, reason: 'Answer lost', amountCents: part }, lostAdmin, dropping);
      expect(answer.data!.refundOrder.errors).toEqual([]);
      expect(answer.data!.refundOrder.refund).toMatchObject({ amountCents: part, status: 'pending' });
      // The order counts no refund yet, but the pending one holds its part: the dialog proposes the rest.
      expect((await lost.orm.em.fork().findOneOrFail(Order, { id: paid.id })).refundedCents).toBe(0);
      expect((await refundableOf(paid.id, lostAdmin, lost)).data?.orderRefundableCents).toBe(paid.totalCents - part);
      // The stand-in did take it: the money went out though the shop never heard so. Paystack lists a payment's
      // refunds by its numeric transaction id, not by the reference.
      expect(proxy.forwarded).toEqual([{ method: 'POST', path: '/refund', status: 200 }]);
      const paystackId = (await client.verify(reference)).id!;
      expect((await client.listRefunds(paystackId)).map((one) => [one.amount, one.status])).toEqual([
        [part, 'processed'],
      ]);
      const byReference = await fetch(`${lost.url}/paystack-simulator/refund?transaction=${reference}`, {
        headers: { authorization: `Bearer ${paystackSimulatorKey(lost.config.secretKey)}` },
      });
      expect(byReference.status).toBe(400);

      // A second payment whose kept answer from Paystack carries no transaction id: the job asks verify for it.
      const secondPlaced = await placedOrder(lost, user, 19, 1);
      const secondReference = await payOnStandIn(lost, user, secondPlaced.id);
      await applyPaystackResult(lost.orm.em.fork(), secondReference, await client.verify(secondReference), {
        lowStockThreshold: 5,
        publicUrl: lost.config.publicUrl,
      });
      await lost.orm.em
        .fork()
        .getConnection()
        .execute(`update transactions set provider_response = provider_response - 'id' where reference = ?`, [
          secondReference,
        ]);
      const secondAnswer = await refund(
        { orderId: secondPlaced.id, reason: 'Answer lost too', amountCents: part },
        lostAdmin,
        dropping,
      );
      expect(secondAnswer.data!.refundOrder.refund).toMatchObject({ amountCents: part, status: 'pending' });
      // Its amount stays reserved: the remainder plus one cent is refused.
      const tooMuch = await refund(
        { orderId: paid.id, reason: 'The rest', amountCents: paid.totalCents - part + 1 },
        lostAdmin,
        lost,
      );
      expect(tooMuch.data!.refundOrder.errors).toEqual([expect.objectContaining({ code: 'REFUND_TOO_LARGE' })]);

      // Too recent: not asked yet. Later, two instances run the job together: settled once.
      expect(await reconcilePendingRefunds(lost.orm.em.fork(), client, { publicUrl: lost.config.publicUrl })).toBe(0);
      const later = { publicUrl: lost.config.publicUrl, now: new Date(Date.now() + 5 * 60_000) };
      const [one, two] = await Promise.all([
        reconcilePendingRefunds(lost.orm.em.fork(), client, later),
        reconcilePendingRefunds(other.orm.em.fork(), client, later),
      ]);
      expect(one + two).toBe(2);
      const stored = await lost.orm.em.fork().findOneOrFail(Refund, { id: answer.data!.refundOrder.refund!.id });
      expect(stored.status).toBe('processed');
      expect(stored.paystackRefundId).toMatch(/^\d+$/);
      expect((await lost.orm.em.fork().findOneOrFail(Order, { id: paid.id })).refundedCents).toBe(part);
      const secondStored = await lost.orm.em
        .fork()
        .findOneOrFail(Refund, { id: secondAnswer.data!.refundOrder.refund!.id });
      expect(secondStored.status).toBe('processed');
      expect(secondStored.paystackRefundId).not.toBe(stored.paystackRefundId);
      expect((await lost.orm.em.fork().findOneOrFail(Order, { id: secondPlaced.id })).refundedCents).toBe(part);
      // Asked again much later: nothing is pending, nothing changes.
      expect(
        await reconcilePendingRefunds(lost.orm.em.fork(), client, {
          publicUrl: lost.config.publicUrl,
          now: new Date(Date.now() + 60 * 60_000),
        }),
      ).toBe(0);
      expect((await lost.orm.em.fork().findOneOrFail(Order, { id: paid.id })).refundedCents).toBe(part);
    } finally {
      await dropping.close();
      await proxy.close();
    }
  });
});
