import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { subscribedMessage } from '../newsletter.service';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

const subscribe =
  'mutation ($email: String!) { subscribeToNewsletter(email: $email) { subscribed message errors { field code message } } }';

it('stores an address once, trimmed and lower-cased, and confirms', async () => {
  for (const email of [' Wanjiku@Example.co.ke ', 'wanjiku@example.co.ke']) {
    const { data } = await shop.graphql<{ subscribeToNewsletter: { subscribed: boolean; message: string } }>(
      subscribe,
      { email },
    );
    expect(data!.subscribeToNewsletter).toMatchObject({ subscribed: true, message: subscribedMessage });
  }
  const rows = await shop.orm.em.fork().getConnection().execute('select email from newsletter_subscriptions');
  expect(rows).toEqual([{ email: 'wanjiku@example.co.ke' }]);
});

it.each(['', 'not-an-address', 'a@b', 'two@@example.com'])('refuses %j with the spec message', async (email) => {
  const { data } = await shop.graphql<{
    subscribeToNewsletter: { subscribed: boolean; errors: { message: string }[] };
  }>(subscribe, { email });
  expect(data!.subscribeToNewsletter.subscribed).toBe(false);
  expect(data!.subscribeToNewsletter.errors[0]?.message).toBe('Please enter a valid email address');
});
