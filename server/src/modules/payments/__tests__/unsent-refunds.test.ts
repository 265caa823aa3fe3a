import { UserRole } from '../../accounts/user.entity';
import { Product } from '../../catalog/product.entity';
import { AdminNotification } from '../../notifications/admin-notification.entity';
import { Order } from '../../orders/order.entity';
import { createPaystackClient, type PaystackClient } from '../paystack-client';
import { paystackSimulatorKey } from '../paystack-stand-in/key';
import { applyPaystackResult } from '../payments.service';
import { reconcilePendingRefunds } from '../reconcile-payments';
import { Refund } from '../refund.entity';
import { refundNote, refundSendWindowMs } from '../refunds.service';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { payOnStandIn, placeOrderFor, sendPaystackEvent } from '../../../../test/checkout';

/**
 * Issue 23, item 5 (decision 0065): a refund reserved by an instance that stopped before Paystack got it. The state
 * such an instance leaves is written as it would be (a pending refund row with no Paystack id, reserved minutes
 * ago); Paystack is the shop's stand-in over real HTTP, whose webhooks go nowhere, so only the reconciliation (and,
 * where said, a webhook sent by hand) tells the shop what Paystack holds. The crash itself: refund-crash.test.ts.
 */
let shop: TestShop;
let admin: TestUser;
let paystack: PaystackClient;

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYSTACK_SIMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/lost' } });
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  paystack = createPaystackClient(`${shop.url}/paystack-simulator`, paystackSimulatorKey(shop.config.secretKey));
});
afterAll(() => shop.close());

const settings = () => ({ lowStockThreshold: 5, publicUrl: shop.config.publicUrl });
const later = (minutes = 5) => ({ publicUrl: shop.config.publicUrl, now: new Date(Date.now() + minutes * 60_000) });

/** An order paid on the stand-in; its lost webhook is made up for by verify, as the reconciliation would. */
async function paidOrder(productId: number) {
  const user = await createSignedInUser(shop);
  await shop.orm.em.fork().nativeUpdate(Product, { id: productId }, { quantity: 50 });
  await shop.catalogueChanged();
  const placed = await placeOrderFor(shop, user, [[productId, 1]], { payment_method: 'card' });
  const reference = await payOnStandIn(shop, user, placed.id);
  await applyPaystackResult(shop.orm.em.fork(), reference, await paystack.verify(reference), settings());
  const order = await shop.orm.em.fork().findOneOrFail(Order, { id: placed.id });
  expect(order.paymentStatus).toBe('completed');
  const paystackId = (await paystack.verify(reference)).id!;
  return { order, reference, paystackId };
}

/** A refund as reserveRefund leaves it when its instance dies before POST /refund: pending, no Paystack id. */
async function reservedByACrashedInstance(orderId: string, amountCents: number, secondsAgo = 600): Promise<string> {
  const [row] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string }[]>(
      `insert into refunds (id, order_id, transaction_id, amount_cents, reason, created_by_id, created_at, updated_at)
       select gen_random_uuid(), order_id, id, ?, 'Reserved, then the instance died', ?,
              now() - make_interval(secs => ?), now() - make_interval(secs => ?)
         from transactions where order_id = ? and status = 'completed'
       returning id`,
      [amountCents, admin.id, secondsAgo, secondsAgo, orderId],
      'all',
    );
  return row!.id;
}

async function refundOrder(variables: Record<string, unknown>) {
  const response = await shop.http
    .post('/graphql')
    .set(admin.auth)
    .send({
      query: `mutation ($orderId: ID!, $amountCents: Int) {
        refundOrder(orderId: $orderId, reason: "Customer asked", amountCents: $amountCents) {
          refund { id amountCents status } errors { code }
        }
      }`,
      variables,
    })
    .expect(200);
  return response.body.data.refundOrder as {
    refund: { id: string; amountCents: number; status: string } | null;
    errors: { code: string }[];
  };
}

const refundOf = (id: string) => shop.orm.em.fork().findOneOrFail(Refund, { id });
const paystackTotal = async (paystackId: number) =>
  (await paystack.listRefunds(paystackId)).reduce((sum, refund) => sum + Number(refund.amount), 0);

it('releases a refund Paystack never received, so the whole rest of the payment can be refunded, once', async () => {
  const { order, paystackId } = await paidOrder(2);
  const total = order.totalCents;
  const sent = await refundOrder({ orderId: order.id, amountCents: 1_000 });
  expect(sent.refund).toMatchObject({ status: 'pending' });
  const stuck = await reservedByACrashedInstance(order.id, 2_000);
  // Reserved: the whole rest is refused while it is pending.
  expect((await refundOrder({ orderId: order.id, amountCents: total - 1_000 })).errors).toEqual([
    { code: 'REFUND_TOO_LARGE' },
  ]);

  const [one, two] = await Promise.all([
    reconcilePendingRefunds(shop.orm.em.fork(), paystack, later()),
    reconcilePendingRefunds(shop.orm.em.fork(), paystack, later()),
  ]);
  expect(one + two).toBe(2);
  expect(await refundOf(stuck)).toMatchObject({ status: 'not_sent', paystackRefundId: null });
  expect(await refundOf(sent.refund!.id)).toMatchObject({ status: 'processed' });
  const notes = await shop.orm.em.fork().find(AdminNotification, { title: 'Refund not sent' });
  expect(notes.map((note) => note.text)).toContainEqual(expect.stringContaining(order.id.slice(0, 8)));

  // All that is left, with no amount: the released 2,000 cents included.
  const rest = await refundOrder({ orderId: order.id });
  expect(rest.refund).toMatchObject({ amountCents: total - 1_000 });
  await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later(10));
  expect(await paystackTotal(paystackId)).toBe(total);
  expect((await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).refundedCents).toBe(total);
  expect((await refundOrder({ orderId: order.id, amountCents: 1 })).errors).toEqual([{ code: 'REFUND_TOO_LARGE' }]);
  // A later round changes nothing.
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later(60))).toBe(0);
  expect(await refundOf(stuck)).toMatchObject({ status: 'not_sent' });
});

it('records the refund Paystack got by the id in its note, and releases its never-sent twin of the same amount', async () => {
  const { order, reference } = await paidOrder(3);
  // Two refunds of one amount reserved by an instance that then died: the older never left, the newer reached
  // Paystack (its answer and webhook lost). Matching by amount would take the older.
  const neverSent = await reservedByACrashedInstance(order.id, 1_500, 700);
  const gotThere = await reservedByACrashedInstance(order.id, 1_500, 600);
  const atPaystack = await paystack.refund({
    transaction: reference,
    amount: 1_500,
    merchant_note: refundNote(gotThere, 'Reserved, then the instance died'),
  });
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later())).toBe(2);
  expect(await refundOf(gotThere)).toMatchObject({ status: 'processed', paystackRefundId: String(atPaystack.id) });
  expect(await refundOf(neverSent)).toMatchObject({ status: 'not_sent', paystackRefundId: null });
  expect((await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).refundedCents).toBe(1_500);
});

it('never releases a refund Paystack may still get, or may hold under a note that is not ours', async () => {
  const { order, reference } = await paidOrder(4);
  // Reserved moments ago: its POST /refund may still be on its way.
  const young = await reservedByACrashedInstance(order.id, 700, 5);
  const soon = { publicUrl: shop.config.publicUrl, olderThanMs: 0, now: new Date() };
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, soon)).toBe(0);
  expect(await refundOf(young)).toMatchObject({ status: 'pending' });
  expect(refundSendWindowMs).toBeGreaterThan(15_000);

  // A refund of the same amount made on Paystack's side without our note (its dashboard, or sent before notes
  // named refunds): it may be this one, so it settles it rather than letting it go.
  const foreign = await paystack.refund({ transaction: reference, amount: 700, merchant_note: 'From the dashboard' });
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later())).toBe(1);
  expect(await refundOf(young)).toMatchObject({ status: 'processed', paystackRefundId: String(foreign.id) });

  // Two of ours of one amount and one such foreign refund: which one it is cannot be told, so neither is released.
  const first = await reservedByACrashedInstance(order.id, 300);
  const second = await reservedByACrashedInstance(order.id, 300);
  await paystack.refund({ transaction: reference, amount: 300, merchant_note: 'From the dashboard' });
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later(10))).toBe(0);
  expect((await refundOf(first)).status).toBe('pending');
  expect((await refundOf(second)).status).toBe('pending');
});

it('takes back a refund released as not sent when Paystack reports it after all (a request that arrived late)', async () => {
  const { order, reference } = await paidOrder(5);
  const late = await reservedByACrashedInstance(order.id, 900);
  expect(await reconcilePendingRefunds(shop.orm.em.fork(), paystack, later())).toBe(1);
  expect((await refundOf(late)).status).toBe('not_sent');
  // Its request reaches Paystack now, which sends refund.processed: a webhook carries no note, so the shop asks.
  const arrived = await paystack.refund({ transaction: reference, amount: 900, merchant_note: refundNote(late, 'x') });
  await sendPaystackEvent(shop, paystackSimulatorKey(shop.config.secretKey), {
    event: 'refund.processed',
    data: { id: arrived.id, status: 'processed', transaction_reference: reference, amount: 900, currency: 'KES' },
  }).expect(200);
  expect(await refundOf(late)).toMatchObject({ status: 'processed', paystackRefundId: String(arrived.id) });
  expect((await shop.orm.em.fork().findOneOrFail(Order, { id: order.id })).refundedCents).toBe(900);
  const notes = await shop.orm.em.fork().find(AdminNotification, { title: 'Refund reached Paystack late' });
  expect(notes.map((note) => note.text)).toContainEqual(expect.stringContaining(order.id.slice(0, 8)));
});
