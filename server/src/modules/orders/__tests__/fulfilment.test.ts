import { UserRole } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { checkoutForm, payOnStandIn, placeOrderFor, setStock } from '../../../../test/checkout';
import { gsmLength } from '../../notifications/emails/sms-texts';
import { shopToday } from '../../../shared/shop-calendar';

// Issue 27: from paid to the doorstep. A team member marks a paid order packed, out for delivery (a rider or a
// courier), a failed attempt with a new date, and delivered (which sets the spec's status); each step is told to the
// shopper once, and the tracking link shows the way without the address or e-mail.
let shop: TestShop;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  shop = await startTestShop();
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  shopper = await createSignedInUser(shop);
  await setStock(shop, [1, 2], 1_000);
});
afterAll(() => shop.close());
beforeEach(() => shop.orm.em.fork().getConnection().execute('delete from rate_limits'));

type Errors = { field: string; code: string; message: string }[];
interface StepAnswer {
  order: { id: string; status: string; fulfilmentStage: string; stageLabel: string; riderPhone: string | null } | null;
  errors: Errors;
}

async function graphql<T>(user: TestUser | null, query: string, variables: Record<string, unknown> = {}) {
  const request = shop.http.post('/graphql').send({ query, variables });
  const answer = await (user ? request.set(user.auth) : request).expect(200);
  return answer.body as { data: T; errors?: { message: string; extensions: { code: string } }[] };
}

const orderFields = 'order { id status fulfilmentStage stageLabel riderPhone } errors { field code message }';
const steps = {
  packed: `mutation ($orderId: ID!) { markOrderPacked(orderId: $orderId) { ${orderFields} } }`,
  out: `mutation ($orderId: ID!, $input: OutForDeliveryInput!) { markOutForDelivery(orderId: $orderId, input: $input) { ${orderFields} } }`,
  failed: `mutation ($orderId: ID!, $input: FailedDeliveryInput!) { recordFailedDelivery(orderId: $orderId, input: $input) { ${orderFields} } }`,
  delivered: `mutation ($orderId: ID!) { markOrderDelivered(orderId: $orderId) { ${orderFields} } }`,
};

async function step(
  name: keyof typeof steps,
  orderId: string,
  input?: Record<string, unknown>,
  user: TestUser = admin,
): Promise<StepAnswer> {
  const { data, errors } = await graphql<Record<string, StepAnswer>>(user, steps[name], { orderId, input });
  expect(errors).toBeUndefined();
  return Object.values(data)[0]!;
}

const trackingQuery = `query ($token: String!) {
  orderTracking(token: $token) {
    id orderNumber stage stageLabel riderName riderPhone courierName trackingNumber nextAttemptOn
    deliveryLocation { id name deliveryTime } steps { id stage title detail at by } lines { id name quantity }
  }
}`;
async function tracking(token: string) {
  const { data } = await graphql<{ orderTracking: Record<string, unknown> | null }>(null, trackingQuery, { token });
  return data.orderTracking;
}

async function jobs(): Promise<{ channel: string; body: string; subject: string | null }[]> {
  return shop.orm.em
    .fork()
    .getConnection()
    .execute('select channel, body, subject from notification_jobs where recipient in (?, ?) order by id', [
      '+254712345678',
      checkoutForm.recipient_email,
    ]);
}
const clearJobs = () => shop.orm.em.fork().getConnection().execute('delete from notification_jobs');

async function paidOrder(): Promise<{ id: string; token: string }> {
  const order = await placeOrderFor(shop, shopper, [[1, 1]], { payment_method: 'card' });
  await payOnStandIn(shop, shopper, order.id);
  const { data } = await graphql<{ myOrders: { id: string; trackingToken: string }[] }>(
    shopper,
    '{ myOrders { id trackingToken } }',
  );
  return { id: order.id, token: data.myOrders.find((mine) => mine.id === order.id)!.trackingToken };
}

it('takes a paid order to the door, tells each step once, and the tracking page shows each', async () => {
  const order = await paidOrder();
  const before = await tracking(order.token);
  expect(before).toMatchObject({ stage: 'unfulfilled', stageLabel: 'Paid — being prepared', riderPhone: null });
  expect((before!.steps as { stage: string }[]).map((entry) => entry.stage)).toEqual(['placed', 'paid']);
  // The shopper's own list says the same, never the spec's bare "pending".
  const mine = await graphql<{ myOrders: { id: string; status: string; stageLabel: string }[] }>(
    shopper,
    '{ myOrders { id status stageLabel } }',
  );
  expect(mine.data.myOrders.find((entry) => entry.id === order.id)).toEqual({
    id: order.id,
    status: 'pending',
    stageLabel: 'Paid — being prepared',
  });
  await clearJobs();

  expect((await step('packed', order.id)).order).toMatchObject({ fulfilmentStage: 'packed', status: 'pending' });
  // A second "packed" is refused and tells nobody again.
  expect((await step('packed', order.id)).errors[0]).toMatchObject({ field: 'orderId', code: 'INVALID_STATUS' });
  const out = await step('out', order.id, { riderName: 'Otieno', riderPhone: '0722 000 111' });
  expect(out.order).toMatchObject({ fulfilmentStage: 'out_for_delivery', riderPhone: '+254722000111' });
  expect(await tracking(order.token)).toMatchObject({
    stageLabel: 'Out for delivery',
    riderName: 'Otieno',
    riderPhone: '+254722000111',
  });

  const tomorrow = new Date(Date.now() + 86_400_000);
  const nextDay = shopToday(tomorrow);
  const failed = await step('failed', order.id, { reason: 'Nobody at the gate.', nextAttemptOn: nextDay });
  expect(failed.order).toMatchObject({ fulfilmentStage: 'delivery_failed' });
  const afterFailure = await tracking(order.token);
  // The rider's phone shows only while the parcel is with them.
  expect(afterFailure).toMatchObject({ stage: 'delivery_failed', riderPhone: null, nextAttemptOn: nextDay });

  await step('out', order.id, { courierName: 'G4S', trackingNumber: 'G4S-88231' });
  const delivered = await step('delivered', order.id);
  expect(delivered.order).toMatchObject({ fulfilmentStage: 'delivered', status: 'delivered', stageLabel: 'Delivered' });

  const final = await tracking(order.token);
  expect((final!.steps as { stage: string; title: string; by: string | null }[]).map((entry) => entry.title)).toEqual([
    'Order placed',
    'Paid — being prepared',
    'Packed',
    'Out for delivery',
    'Delivery attempt failed',
    'Out for delivery',
    'Delivered',
  ]);
  // Nothing on the page says where it goes, whose it is or who in the team did what.
  const page = JSON.stringify(final);
  for (const secret of [
    checkoutForm.recipient_email,
    checkoutForm.shipping_address,
    checkoutForm.recipient_name,
    '+254712345678',
    admin.email,
  ]) {
    expect(page).not.toContain(secret);
  }
  expect((final!.steps as { by: string | null }[]).every((entry) => entry.by === null)).toBe(true);

  // Each step once, by e-mail and SMS, each with the tracking link; the SMS stay one segment.
  const sent = await jobs();
  const sms = sent.filter((job) => job.channel === 'sms').map((job) => job.body);
  expect(sms).toHaveLength(5);
  expect(sms[0]).toContain('is packed');
  expect(sms[1]).toContain('with Otieno, +254722000111');
  expect(sms[2]).toContain('We will try again on');
  expect(sms[3]).toContain('with G4S, no. G4S-88231');
  expect(sms[4]).toContain('has been delivered');
  for (const text of sms) {
    expect(text).toContain(`/track/${order.token}`);
    expect(gsmLength(text)).toBeLessThanOrEqual(160);
  }
  const emails = sent.filter((job) => job.channel === 'email');
  expect(emails.map((job) => job.subject)).toEqual([
    expect.stringContaining('Your order is packed'),
    expect.stringContaining('Your order is on its way'),
    expect.stringContaining('We could not deliver your order'),
    expect.stringContaining('Your order is on its way'),
    expect.stringContaining('has been delivered'),
  ]);
  expect(emails[2]!.body).toContain('Nobody at the gate.');
  for (const email of emails) expect(email.body).toContain(`/track/${order.token}`);

  // The admin's list shows who took each step; the spec's status history has the delivery.
  const history = await graphql<{ orderStatusChanges: { toStatus: string }[] }>(
    admin,
    'query ($id: ID!) { orderStatusChanges(orderId: $id) { id toStatus } }',
    { id: order.id },
  );
  expect(history.data.orderStatusChanges.map((change) => change.toStatus)).toEqual(['delivered']);
  const adminList = await graphql<{ adminOrders: { orders: { id: string; steps: { by: string | null }[] }[] } }>(
    admin,
    '{ adminOrders(limit: 5) { orders { id steps { id by } } } }',
  );
  const listed = adminList.data.adminOrders.orders.find((entry) => entry.id === order.id)!;
  expect(listed.steps.slice(2).every((entry) => entry.by !== null)).toBe(true);
});

it('refuses steps out of turn: unpaid, cancelled, and delivered before the door payment', async () => {
  const unpaid = await placeOrderFor(shop, shopper, [[1, 1]], { payment_method: 'mpesa' });
  expect((await step('packed', unpaid.id)).errors[0]!.message).toBe('This order is not paid yet.');

  const atDoor = await placeOrderFor(shop, shopper, [[1, 1]], { payment_method: 'on_delivery' });
  expect((await step('packed', atDoor.id)).order!.stageLabel).toBe('Packed — ready to go');
  await step('out', atDoor.id, { riderName: 'Wambui', riderPhone: '+254711222333' });
  expect((await step('delivered', atDoor.id)).errors[0]!.message).toBe(
    'Collect the payment at the door first (Collect payment), then mark it delivered.',
  );
  await graphql(admin, 'mutation ($orderId: ID!) { recordCashPayment(orderId: $orderId) { errors { code } } }', {
    orderId: atDoor.id,
  });
  expect((await step('delivered', atDoor.id)).order!.status).toBe('delivered');

  const cancelled = await paidOrder();
  await graphql(admin, 'mutation ($id: ID!) { updateOrderStatus(id: $id, status: "cancelled") { errors { code } } }', {
    id: cancelled.id,
  });
  expect((await step('packed', cancelled.id)).errors[0]!.message).toBe('This order is cancelled.');
});

it('checks what the team types: a rider with a Kenyan phone, or a courier with its number; a near date', async () => {
  const order = await paidOrder();
  await step('packed', order.id);
  const refusals = [
    [{ riderName: 'Otieno' }, 'riderPhone', 'REQUIRED'],
    [{ riderName: 'Otieno', riderPhone: '12345' }, 'riderPhone', 'INVALID_PHONE'],
    [{ riderName: 'x'.repeat(81), riderPhone: '0722000111' }, 'riderName', 'TOO_LONG'],
    [{ courierName: 'G4S' }, 'trackingNumber', 'REQUIRED'],
    [{}, 'riderName', 'REQUIRED'],
  ] as const;
  for (const [input, field, code] of refusals) {
    expect((await step('out', order.id, input)).errors).toEqual([expect.objectContaining({ field, code })]);
  }
  await step('out', order.id, { riderName: 'Otieno', riderPhone: '0722000111' });
  const far = shopToday(new Date(Date.now() + 30 * 86_400_000));
  for (const [nextAttemptOn, code] of [
    [far, 'OUT_OF_RANGE'],
    ['2026-02-30', 'INVALID_INPUT'],
    ['tomorrow', 'INVALID_INPUT'],
  ]) {
    const answer = await step('failed', order.id, { reason: 'Closed', nextAttemptOn });
    expect(answer.errors).toEqual([expect.objectContaining({ field: 'nextAttemptOn', code })]);
  }
  expect((await step('failed', order.id, { reason: ' ', nextAttemptOn: shopToday() })).errors[0]).toMatchObject({
    field: 'reason',
    code: 'REQUIRED',
  });
  // An unknown order, a malformed id: a field error, not a crash.
  expect((await step('packed', '00000000-0000-4000-8000-000000000000')).errors[0]!.field).toBe('orderId');
  expect((await step('packed', 'nope')).errors[0]!.field).toBe('orderId');
});

it('keeps the steps to the team: a shopper and a guest are refused, and the tracking link is its own key', async () => {
  const order = await paidOrder();
  const asShopper = await graphql(shopper, steps.packed, { orderId: order.id });
  expect(asShopper.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  const asGuest = await graphql(null, steps.packed, { orderId: order.id });
  expect(asGuest.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  // One character off the real token (a different one whatever the token ends with).
  const nearMiss = `${order.token.slice(0, -1)}${order.token.endsWith('A') ? 'B' : 'A'}`;
  for (const token of ['', 'x', nearMiss, 'a'.repeat(10_000), '../../etc/passwd']) {
    expect(await tracking(token)).toBeNull();
  }
});

it('reads every order timeline on a page in a fixed number of statements', async () => {
  const measure = async (limit: number) =>
    (
      await shop.statements.measure(() =>
        graphql(admin, `{ adminOrders(limit: ${limit}) { orders { id steps { id stage by } } } }`),
      )
    ).statements;
  expect(await measure(2)).toBe(await measure(8));
});
