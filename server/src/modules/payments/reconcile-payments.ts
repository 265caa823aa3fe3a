import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { OrderStatus, PaymentStatus } from '../orders/order.entity';
import { applyPaystackResult } from './payments.service';
import type { PaystackClient } from './paystack-client';

export interface ReconcileOptions {
  lowStockThreshold: number;
  /** A payment this old without a webhook is asked about (Paystack's webhook usually comes within seconds). */
  olderThanMs?: number;
  /** Asked again at most this often while it stays pending. */
  everyMs?: number;
  batch?: number;
  now?: Date;
  log?: Logger;
}

/**
 * A lost webhook must not lose a payment: pending payments older than a few minutes, whose order still holds its
 * stock, are verified with Paystack and the answer applied as the webhook's would be. Runs before the reservation
 * timer gives stock back. Safe with several instances: each claims its rows with one conditional update (skip
 * locked), so two instances never ask about one payment in the same round, and applying twice changes things once.
 */
export async function reconcilePendingPayments(
  em: EntityManager,
  paystack: PaystackClient,
  {
    lowStockThreshold,
    olderThanMs = 3 * 60_000,
    everyMs = 60_000,
    batch = 20,
    now = new Date(),
    log,
  }: ReconcileOptions,
): Promise<number> {
  const claimed = await em.getConnection().execute<{ reference: string }[]>(
    `update transactions t set checked_at = ?
      where t.id in (
        select t2.id from transactions t2 join orders o on o.id = t2.order_id
         where t2.status = ? and o.stock_released_at is null and o.status = ?
           and ((t2.created_at < ? and (t2.checked_at is null or t2.checked_at < ?))
                -- the hold ends this round: ask now, whatever the last check
                or (o.reserved_until < ? and (t2.checked_at is null or t2.checked_at < ?)))
         order by t2.created_at limit ? for update of t2 skip locked)
      returning t.reference`,
    [
      now,
      PaymentStatus.PENDING,
      OrderStatus.PENDING,
      new Date(now.getTime() - olderThanMs),
      new Date(now.getTime() - everyMs),
      now,
      now,
      batch,
    ],
    'all',
  );
  let applied = 0;
  for (const { reference } of claimed) {
    try {
      const data = await paystack.verify(reference);
      const { outcome } = await applyPaystackResult(em.fork(), reference, data, lowStockThreshold);
      if (outcome !== 'pending') applied += 1;
    } catch (error) {
      // Unknown to Paystack (never initialised there) or Paystack down: asked again next round.
      log?.warn({ err: error, reference }, 'could not verify a pending payment');
    }
  }
  return applied;
}
