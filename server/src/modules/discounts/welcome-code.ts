import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { normaliseEmail } from '../../config/email-address';
import { DiscountKind } from './discount-code.entity';

/** Letters and digits no one misreads (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
const alphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
const welcomeDays = 90;

function welcomeCode(): string {
  let code = 'WELCOME-';
  for (let index = 0; index < 6; index += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * Inside the caller's transaction: a 10% code for one first order by the account with this e-mail address, good for
 * 90 days (decision 0056). 25^6 codes make a clash rare; a clash (`on conflict do nothing`) draws again.
 */
export async function issueWelcomeCode(em: EntityManager, email: string): Promise<string> {
  const connection = em.getConnection();
  for (;;) {
    const code = welcomeCode();
    const rows = await connection.execute<{ code: string }[]>(
      `insert into discount_codes (code, kind, value, max_uses, first_order_only, email, ends_at)
       values (?, ?, 10, 1, true, ?, now() + make_interval(days => ?))
       on conflict (code) do nothing returning code`,
      [code, DiscountKind.PERCENT, normaliseEmail(email), welcomeDays],
      'all',
      em.getTransactionContext(),
    );
    if (rows[0]) return rows[0].code;
  }
}
