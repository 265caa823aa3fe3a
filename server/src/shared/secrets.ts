import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** SECRET_KEY, or one generated on first start and kept in DATA_DIR/secret.key (mode 600). */
export async function resolveSecretKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const key = randomBytes(32).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** An opaque random token for sessions, challenges and links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a database leak does not leak sessions or links. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function hmac(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}
