import { startTestShop, type TestShop } from '../../../test/test-shop';

let directShop: TestShop;
let proxiedShop: TestShop;
beforeAll(async () => {
  [directShop, proxiedShop] = await Promise.all([
    startTestShop({ seed: false }),
    startTestShop({ seed: false, env: { TRUST_PROXY: '1' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([directShop?.close(), proxiedShop?.close()]);
});

const subscribe = `mutation Subscribe($email: String!) {
  subscribeToNewsletter(email: $email) { subscribed message }
}`;

/** A newsletter sign-up (10 per hour per client address) claiming to come from `forwardedFor`. */
async function signUp(shop: TestShop, forwardedFor: string, n: number) {
  const response = await shop.http
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('x-forwarded-for', forwardedFor)
    .send({ query: subscribe, variables: { email: `reader${n}@example.com` } })
    .expect(200);
  return response.body.data.subscribeToNewsletter as { subscribed: boolean; message: string };
}

describe('TRUST_PROXY', () => {
  it('by default ignores X-Forwarded-For: a client cannot spread its attempts over made-up addresses', async () => {
    const answers = [];
    for (let n = 0; n < 11; n += 1) answers.push(await signUp(directShop, `203.0.113.${n + 1}`, n));
    expect(answers.slice(0, 10).every((answer) => answer.subscribed)).toBe(true);
    expect(answers[10]).toEqual({ subscribed: false, message: expect.stringMatching(/^Too many sign-ups/) });
  });

  it('with a hop count believes the address the proxy adds, and limits each client by it', async () => {
    // Each sign-up comes from another client behind the one proxy: none is limited.
    for (let n = 0; n < 12; n += 1) {
      // A client's own X-Forwarded-For entry comes first; the proxy appends the address it saw.
      expect(await signUp(proxiedShop, `10.9.9.9, 198.51.100.${n + 1}`, n)).toMatchObject({ subscribed: true });
    }
    // One client is limited by its own address, whatever it writes in front of it.
    const answers = [];
    for (let n = 0; n < 10; n += 1) answers.push(await signUp(proxiedShop, `192.0.2.${n + 1}, 198.51.100.1`, 100 + n));
    expect(answers.slice(0, 9).every((answer) => answer.subscribed)).toBe(true);
    expect(answers[9]).toEqual({ subscribed: false, message: expect.stringMatching(/^Too many sign-ups/) });
  });
});
