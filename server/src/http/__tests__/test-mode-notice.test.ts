import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { startPaystackServer } from '../../../test/paystack-server';

const notice = '<p class="test-mode-notice">Test mode — no real payments</p>';
const secretKey = 'sk_test_manukato_secret';
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
let standIn: TestShop;
let realPayments: TestShop;
let paystack: Awaited<ReturnType<typeof startPaystackServer>>;

beforeAll(async () => {
  clientDist = await writeClientDist({
    'index.html':
      '<!doctype html><html lang="en"><head><title>Manukato</title></head><body><div id="root"></div></body></html>',
  });
  paystack = await startPaystackServer(secretKey);
  // startTestShop asks for the stand-in by name (PAYMENT_SIMULATOR=true) unless a key is given.
  standIn = await startTestShop({ seed: false, env: { CLIENT_DIST: clientDist.dir } });
  realPayments = await startTestShop({
    seed: false,
    env: { CLIENT_DIST: clientDist.dir, PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url },
  });
});
afterAll(async () => {
  await standIn.close();
  await realPayments.close();
  await paystack.close();
  await clientDist?.remove();
});

async function page(shop: TestShop, route: string): Promise<string> {
  return (await shop.http.get(route).set('accept', 'text/html')).text;
}

// The run-time config the client's TestModeNotice reads (__MANUKATO_CONFIG__), as JSON in the page.
const testModeConfig = '"paymentTestMode":true';

describe('with the stand-in taking payments', () => {
  it('every storefront page says "Test mode — no real payments" in its first paint, above the header', async () => {
    for (const route of [
      '/',
      '/category/for-women',
      '/cart',
      '/checkout/callback?reference=MK-x',
      '/account',
      '/nowhere',
    ]) {
      const html = await page(standIn, route);
      expect(html).toContain(`<header class="site-header">${notice}<div class="site-header__inner">`);
      expect(html).toContain(testModeConfig);
    }
  });

  it('leaves the admin area, which has no storefront first paint, without the notice', async () => {
    const html = await page(standIn, '/oxalis');
    expect(html).not.toContain(notice);
  });
});

describe('with a Paystack key', () => {
  it('shows no notice and tells the client nothing about test mode', async () => {
    for (const route of ['/', '/cart']) {
      const html = await page(realPayments, route);
      expect(html).not.toContain('Test mode');
      expect(html).not.toContain('paymentTestMode');
    }
  });

  it('does not mount the stand-in', async () => {
    const answer = await realPayments.http.post('/paystack-simulator/transaction/initialize').send({});
    expect(answer.status).toBe(404);
  });
});
