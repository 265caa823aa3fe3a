// Accounts in a real browser against the built shop (run through `npm run test:e2e`): registration with the
// e-mailed code, sign-out and the guarded pages, sign-in and its return path, the e-mailed password reset, the
// admin's landing page, and where the session lives. The shop's mail goes to the runner's SMTP sink; every
// test makes its own account, so the tests do not depend on each other or on their order.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { CODE_SUBJECT, codeFrom, createAccount, submitLogin, uniqueEmail } from './support/accounts.mjs';
import { baseUrl, useBrowser, withPage } from './support/browser.mjs';
import { lastMailId, waitForMail } from './support/smtp-sink.mjs';

// The texts the server and SPEC §5 give (server/src/modules/accounts/accounts.service.ts).
const INVALID_CREDENTIALS = 'Invalid email or password.';
const RESET_REQUESTED = 'Password reset instructions have been sent to your email.';
const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
const RESET_SUBJECT = 'Reset your Manukato password';

const browser = useBrowser();

function resetLinkFrom(mail) {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
  assert.ok(link, `no reset link in the mail:\n${mail.text}`);
  assert.ok(link.startsWith(`${baseUrl()}/`), `the link ${link} does not point at the shop (${baseUrl()})`);
  return link;
}

const header = (page) => page.getByRole('banner');

async function expectSignedIn(page) {
  await header(page).getByRole('button', { name: 'Log out', exact: true }).waitFor();
  await header(page)
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Orders', exact: true })
    .waitFor();
  assert.equal(await header(page).getByRole('link', { name: 'Account', exact: true }).count(), 0);
}

async function expectSignedOut(page) {
  await header(page).getByRole('link', { name: 'Account', exact: true }).waitFor();
  assert.equal(await header(page).getByRole('button', { name: 'Log out', exact: true }).count(), 0);
  assert.equal(await header(page).getByRole('link', { name: 'My Orders', exact: true }).count(), 0);
}

const waitForPath = (page, pathname) => page.waitForURL((url) => url.pathname === pathname);

async function signIn(page, email, password) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

async function signOut(page) {
  await header(page).getByRole('button', { name: 'Log out', exact: true }).click();
  await waitForPath(page, '/account');
  await expectSignedOut(page);
}

/** /register filled in and submitted; answers once /verify-otp shows, with the e-mailed code. */
async function startRegistration(page, { first, last, email, password }) {
  const since = await lastMailId(email);
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name', { exact: true }).fill(first);
  await form.getByLabel('Last name', { exact: true }).fill(last);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Create account', exact: true }).click();
  await waitForPath(page, '/verify-otp');
  await page.getByRole('heading', { name: 'Verify Email', level: 1 }).waitFor();
  await page.getByText(email, { exact: true }).waitFor();
  return codeFrom(await waitForMail(email, { subject: CODE_SUBJECT, since }));
}

const otpBoxes = (page) => page.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
const otpValues = (page) => otpBoxes(page).evaluateAll((boxes) => boxes.map((box) => box.value).join(''));

test('registering: the e-mailed code typed into the six boxes signs the new customer in', async () => {
  await withPage(browser(), async ({ page }) => {
    const email = uniqueEmail('register-typed');
    const code = await startRegistration(page, { first: 'Achieng', last: 'Otieno', email, password: 'secret-pass-1' });

    const boxes = otpBoxes(page);
    assert.equal(await boxes.count(), 6);
    // Only digits go in: a letter or a space typed into a box leaves it empty and keeps the focus there.
    await boxes.first().click();
    await page.keyboard.type('a -');
    assert.equal(await otpValues(page), '');
    // Typing moves from box to box.
    await page.keyboard.type(code);
    assert.equal(await otpValues(page), code);
    for (let index = 0; index < 6; index += 1) {
      assert.equal(await page.getByLabel(`Digit ${index + 1} of 6`).inputValue(), code[index]);
    }

    await page.getByRole('button', { name: 'Verify Email', exact: true }).click();
    await waitForPath(page, '/');
    await expectSignedIn(page);

    // The server agrees: `me` over the page's own session is the new customer, and not an admin.
    const me = await page.evaluate(async () => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { email first last role } }' }),
      });
      return (await response.json()).data.me;
    });
    assert.deepEqual(me, { email, first: 'Achieng', last: 'Otieno', role: 'USER' });
  });
});

test('registering: a pasted code spreads over the six boxes, without its spaces', async () => {
  await withPage(browser(), async ({ page }) => {
    const email = uniqueEmail('register-pasted');
    const code = await startRegistration(page, { first: 'Baraka', last: 'Mwangi', email, password: 'secret-pass-2' });

    // What a mail client copies: the code with a space in the middle, pasted into the first box.
    await otpBoxes(page)
      .first()
      .evaluate(
        (box, text) => {
          const data = new globalThis.DataTransfer();
          data.setData('text', text);
          box.dispatchEvent(
            new globalThis.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        },
        `${code.slice(0, 3)} ${code.slice(3)}`,
      );
    assert.equal(await otpValues(page), code);

    await page.getByRole('button', { name: 'Verify Email', exact: true }).click();
    await waitForPath(page, '/');
    await expectSignedIn(page);
  });
});

test('signing out shows the account link, ends the session, and guarded pages send to /account', async () => {
  const { email, password } = await createAccount('sign-out');
  await withPage(browser(), async ({ context, page }) => {
    await signIn(page, email, password);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'session');
    assert.ok(session, 'no session cookie after signing in');

    await signOut(page);
    assert.equal(
      (await context.cookies()).find((cookie) => cookie.name === 'session'),
      undefined,
      'the session cookie outlived the sign-out',
    );
    // The server revoked it: the old token no longer names anyone.
    const response = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `session=${session.value}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    assert.deepEqual((await response.json()).data, { me: null });

    for (const guarded of ['/my-orders', '/cart']) {
      await page.goto(guarded);
      await waitForPath(page, '/account');
      await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
      await expectSignedOut(page);
    }
  });
});

test('signing in from a guarded page returns to it; a wrong password is refused', async () => {
  const { email, password } = await createAccount('return-path');
  await withPage(browser(), async ({ page }) => {
    await page.goto('/my-orders');
    await waitForPath(page, '/account');

    await submitLogin(page, email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS }).waitFor();
    await expectSignedOut(page);
    assert.equal(new URL(page.url()).pathname, '/account');

    await submitLogin(page, email, password);
    await waitForPath(page, '/my-orders');
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    await expectSignedIn(page);
  });
});

test('forgot password: the e-mailed link sets a new password once, and only the new one signs in', async () => {
  const { email, password: oldPassword } = await createAccount('reset');
  const newPassword = `new-${randomUUID().slice(0, 12)}`;
  let link;
  await withPage(browser(), async ({ page }) => {
    const since = await lastMailId(email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password', exact: true }).click();
    await waitForPath(page, '/forgot-password');
    const form = page.getByRole('form', { name: 'Forgot password' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await page.getByRole('status').filter({ hasText: RESET_REQUESTED }).waitFor();

    link = resetLinkFrom(await waitForMail(email, { subject: RESET_SUBJECT, since }));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Password', level: 1 }).waitFor();
    const resetForm = page.getByRole('form', { name: 'Reset password' });
    await resetForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await resetForm.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await resetForm.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await waitForPath(page, '/');
    await expectSignedIn(page);

    await signOut(page);
    await submitLogin(page, email, oldPassword);
    await page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS }).waitFor();
    await expectSignedOut(page);
    await submitLogin(page, email, newPassword);
    await waitForPath(page, '/');
    await expectSignedIn(page);
  });

  // The same link a second time, in a browser with no session: the server refuses it and offers a new one.
  await withPage(browser(), async ({ page }) => {
    await page.goto(link);
    const resetForm = page.getByRole('form', { name: 'Reset password' });
    await resetForm.getByLabel('New password', { exact: true }).fill('another-pass-3');
    await resetForm.getByLabel('Confirm password', { exact: true }).fill('another-pass-3');
    await resetForm.getByRole('button', { name: 'Reset Password', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID }).waitFor();
    await page.getByRole('link', { name: 'Request a new link', exact: true }).waitFor();
    await expectSignedOut(page);
    assert.equal(new URL(page.url()).pathname, '/reset-password');
  });
});

test('the admin signs in and lands on /oxalis', async () => {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  assert.ok(email && password, 'E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD are not set: run through `npm run test:e2e`.');
  await withPage(browser(), async ({ page }) => {
    await page.goto('/account');
    await submitLogin(page, email, password);
    await waitForPath(page, '/oxalis');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });
});

test('the session is an httpOnly cookie; neither a token nor a role is kept in web storage', async () => {
  const { email, password } = await createAccount('storage');
  await withPage(browser(), async ({ context, page }) => {
    await signIn(page, email, password);

    const session = (await context.cookies()).find((cookie) => cookie.name === 'session');
    assert.ok(session, 'no session cookie after signing in');
    assert.equal(session.httpOnly, true, 'the session cookie is readable by scripts');
    assert.equal(session.sameSite, 'Lax');
    assert.equal(session.path, '/');

    const { cookies, storage } = await page.evaluate(() => {
      const entries = (store) =>
        Object.fromEntries(
          Array.from({ length: store.length }, (_, i) => store.key(i)).map((key) => [key, store.getItem(key)]),
        );
      return {
        cookies: globalThis.document.cookie,
        storage: { local: entries(globalThis.localStorage), session: entries(globalThis.sessionStorage) },
      };
    });
    assert.ok(!cookies.includes('session='), `document.cookie shows the session: ${cookies}`);
    assert.ok(!cookies.includes(session.value), 'document.cookie holds the session token');
    for (const [area, entries] of Object.entries(storage)) {
      for (const [key, value] of Object.entries(entries)) {
        const entry = `${key}=${value}`;
        assert.ok(!entry.includes(session.value), `${area}Storage holds the session token under ${key}`);
        assert.doesNotMatch(entry, /token|role|ADMIN|\bUSER\b/i, `${area}Storage keeps ${entry}`);
      }
    }
  });
});
