import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatabaseLimits } from '../config/config';

/** Limits one transaction may have instead of its connection's (decision 0067); the ones left out stay. */
export type TransactionLimits = Partial<Pick<DatabaseLimits, 'statementMs' | 'lockMs' | 'idleInTransactionMs'>>;

const settingOf = {
  statementMs: 'statement_timeout',
  lockMs: 'lock_timeout',
  idleInTransactionMs: 'idle_in_transaction_session_timeout',
} as const;

/**
 * Gives the transaction `em` runs in its own limits until it ends (set_config(…, true) is SET LOCAL), for work
 * that may rightly take longer than a request: start-up work, or a job that waits on a mail server inside its
 * transaction. One statement. Outside a transaction it would change nothing, so it is refused.
 */
export async function setTransactionLimits(em: EntityManager, limits: TransactionLimits): Promise<void> {
  const context = em.getTransactionContext();
  if (!context) throw new Error('setTransactionLimits needs a transaction: outside one the setting ends at once');
  const entries = (Object.keys(settingOf) as (keyof typeof settingOf)[]).filter((key) => limits[key] !== undefined);
  if (entries.length === 0) return;
  await em.getConnection().execute(
    `select ${entries.map(() => 'set_config(?, ?, true)').join(', ')}`,
    entries.flatMap((key) => [settingOf[key], String(Math.trunc(limits[key]!))]),
    'all',
    context,
  );
}

/** `work` in a transaction of its own with these limits (see setTransactionLimits). */
export async function withTransactionLimits<T>(
  em: EntityManager,
  limits: TransactionLimits,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  return em.transactional(async (trx) => {
    await setTransactionLimits(trx, limits);
    return work(trx);
  });
}
