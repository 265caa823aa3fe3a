import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * PLACEHOLDER until the discounts module lands (its version replaces this file): that one stores a single-use 10%
 * first-order code tied to `email` inside the caller's transaction. This one only makes up a code's text and stores
 * nothing, so the newsletter can be built and tested against the agreed signature.
 */
export async function issueWelcomeCode(_em: EntityManager, _email: string): Promise<string> {
  let suffix = '';
  for (let index = 0; index < 6; index += 1) suffix += alphabet[randomInt(alphabet.length)];
  return `WELCOME-${suffix}`;
}
