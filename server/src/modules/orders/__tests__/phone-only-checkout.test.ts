import { randomToken, sha256 } from '../../../shared/secrets';
import { Session } from '../../accounts/session.entity';
import { User } from '../../accounts/user.entity';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { checkoutForm, fillCart, setStock, startPayment } from '../../../../test/checkout';

// Issue 26: an account made with a phone number has no e-mail. Its checkout must not ask for one: the order's
// messages go by SMS (or WhatsApp), and Paystack, which wants an e-mail, gets one made from the number.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await setStock(shop, [1], 100);
});
afterAll(() => shop.close());

async function phoneOnlyShopper(): Promise<TestUser & { phone: string }> {
  const em = shop.orm.em.fork();
  const phone = `+2547${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
  const user = em.create(User, { first: 'Njeri', last: 'Mwangi', email: null, phone });
  const token = randomToken();
  em.create(Session, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + 86_400_000) });
  await em.flush();
  return { id: user.id, email: '', token, auth: { authorization: `Bearer ${token}` }, phone };
}

async function jobsOf(orderPhone: string) {
  return shop.orm.em
    .fork()
    .getConnection()
    .execute<{ channel: string; recipient: string }[]>(
      `select channel, recipient from notification_jobs where recipient in (?, '') order by id`,
      [orderPhone],
    );
}

it('places the order without an e-mail, texts its confirmation, and pays through Paystack', async () => {
  const shopper = await phoneOnlyShopper();
  await fillCart(shop, shopper, [[1, 1]]);
  const placed = await shop.http
    .post('/api/orders/create')
    .set(shopper.auth)
    .send({ ...checkoutForm, recipient_email: '', recipient_phone: shopper.phone, payment_method: 'on_delivery' })
    .expect(201);
  const order = placed.body.data.order;
  expect(order.recipient_email).toBe('');
  // The confirmation goes by SMS only: no e-mail job to an empty address.
  expect(await jobsOf(shopper.phone)).toEqual([{ channel: 'sms', recipient: shopper.phone }]);

  // Paid ahead by card through Paystack (the stand-in checks the e-mail as Paystack does).
  const payment = await startPayment(shop, shopper, order.id);
  expect(payment.authorization_url).toContain('/paystack-simulator/pay/');
  const [transaction] = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ method: string }[]>('select method from transactions where order_id = ?', [order.id]);
  // Paid ahead of the door, through Paystack: M-Pesa's channel, never the cash method.
  expect(transaction!.method).toBe('mpesa');
});

it('still asks an account that has an e-mail for one, and refuses a malformed one from anybody', async () => {
  const withEmail = await createSignedInUser(shop);
  await fillCart(shop, withEmail, [[1, 1]]);
  const missing = await shop.http
    .post('/api/orders/create')
    .set(withEmail.auth)
    .send({ ...checkoutForm, recipient_email: '' })
    .expect(400);
  expect(missing.body.message).toBe('Please fill in all fields');

  const phoneOnly = await phoneOnlyShopper();
  await fillCart(shop, phoneOnly, [[1, 1]]);
  const malformed = await shop.http
    .post('/api/orders/create')
    .set(phoneOnly.auth)
    .send({ ...checkoutForm, recipient_email: 'njeri@', recipient_phone: phoneOnly.phone })
    .expect(400);
  expect(malformed.body.message).toBe('Please enter a valid email address');
});
