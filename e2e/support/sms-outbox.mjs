// The shop's SMS without Africa's Talking credentials: each text is a file in DATA_DIR/outbox
// (server/src/modules/notifications/sms.ts), which the runner hands the tests as E2E_DATA_DIR.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const outboxDir = () => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through `npm run test:e2e`');
  return path.join(dataDir, 'outbox');
};

/** A Safaricom-style number no other test uses: as a shopper types it (07…) and as the shop stores it (+2547…). */
export function uniquePhone() {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return { typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`, e164: `+2547${digits}` };
}

async function textsTo(e164) {
  const files = (await fs.readdir(outboxDir()).catch(() => []))
    .filter((name) => name.endsWith(`-${e164.slice(1)}.sms.txt`))
    .sort();
  return Promise.all(files.map((name) => fs.readFile(path.join(outboxDir(), name), 'utf8')));
}

/** The sign-in code in the latest text to `e164`, waiting up to 10 s for it to be written. */
export async function waitForSmsCode(e164) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const code = /sign-in code is (\d{6})/.exec((await textsTo(e164)).at(-1) ?? '')?.[1];
    if (code) return code;
    assert.ok(Date.now() < deadline, `no sign-in code was texted to ${e164}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The latest text to `e164` that matches `pattern`, waiting up to 10 s for it to be written. */
export async function waitForSms(e164, pattern) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = (await textsTo(e164)).findLast((body) => pattern.test(body));
    if (text) return text;
    assert.ok(Date.now() < deadline, `no text matching ${pattern} was sent to ${e164}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
