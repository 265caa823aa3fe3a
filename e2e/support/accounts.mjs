// Shopper accounts for e2e tests that need someone signed in: created through the API with the e-mailed
// code (as e2e/accounts.e2e.test.mjs does), then signed in through the login form. Also the shop's admin.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { graphql } from './browser.mjs';
import { lastMailId, waitForMail } from './smtp-sink.mjs';

export const CODE_SUBJECT = 'Your Manukato verification code';

/** An address no other test (or earlier run against the same sink) uses. */
export function uniqueEmail(label) {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The 6-digit code in a sign-up or sign-in mail. */
export function codeFrom(mail) {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  assert.ok(code, `no 6-digit code in the mail:\n${mail.text}`);
  return code;
}

function assertNoFieldErrors(payload, what) {
  assert.deepEqual(payload.errors, [], `${what} answered errors`);
}

/** Registers a fresh shopper through the API, reading the sign-up code from the SMTP sink. */
export async function createAccount(label, { first = 'Wanjiru', last = 'Kamau' } = {}) {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID().slice(0, 12)}`;
  const since = await lastMailId(email);
  const { requestSignupCode } = await graphql(
    'mutation ($email: String!) { requestSignupCode(email: $email) { hash errors { code message } } }',
    { email },
  );
  assertNoFieldErrors(requestSignupCode, 'requestSignupCode');
  const { hash } = requestSignupCode;
  const otp = codeFrom(await waitForMail(email, { subject: CODE_SUBJECT, since }));
  const { verifySignupCode } = await graphql(
    'mutation ($email: String!, $otp: String!, $hash: String!) { verifySignupCode(email: $email, otp: $otp, hash: $hash) { ok errors { code message } } }',
    { email, otp, hash },
  );
  assertNoFieldErrors(verifySignupCode, 'verifySignupCode');
  const { register } = await graphql(
    'mutation ($input: RegisterInput!) { register(input: $input) { viewer { id } errors { code message } } }',
    { input: { first, last, email, password, hash } },
  );
  assertNoFieldErrors(register, 'register');
  return { email, password, first, last };
}

/** Fills the login form on the current page (/account or /login) and submits it. */
export async function submitLogin(page, email, password) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'SIGN IN', exact: true }).click();
}

/** Waits until the header shows a signed-in visitor (the log-out button). */
export async function expectSignedIn(page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out', exact: true }).waitFor();
}

/** Signs in through /login and waits for the header to show it. */
export async function signIn(page, email, password) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expectSignedIn(page);
}

/** The admin account the shop creates at start (run-e2e.mjs passes its credentials). */
export function adminCredentials() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  assert.ok(email && password, 'E2E_ADMIN_EMAIL/E2E_ADMIN_PASSWORD are not set: run through `npm run test:e2e`.');
  return { email, password };
}

/**
 * Signs the admin in through the login form and waits for /oxalis. Starts at `from`: /account, or a page of
 * the admin area, which sends a signed-out visitor to the login screen (and signing in brings them back).
 */
export async function signInAsAdmin(page, from = '/account') {
  const { email, password } = adminCredentials();
  await page.goto(from);
  await page.waitForURL((url) => url.pathname === '/account');
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === '/oxalis');
}

/** Opens `path` (a guarded page) and waits until it has sent the visitor to the login screen. */
export async function expectSentToLogin(page, path) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/account');
  await page.getByRole('form', { name: 'Login' }).waitFor();
}
