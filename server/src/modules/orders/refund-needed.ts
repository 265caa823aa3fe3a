import type { EntityManager } from '@mikro-orm/postgresql';
import { releasedRefundStatuses } from '../payments/refund.entity';

/** The released refunds' statuses as SQL literals (enum constants, never input): their amount is still owed. */
const releasedStatusesSql = releasedRefundStatuses.map((status) => `'${status}'`).join(', ');

/**
 * A payment the shop must give back and has not yet in full: flagged "refund needed" (paid twice, paid after the
 * order was cancelled, or after its hold ran out and the stock went), less what its refunds reserve.
 */
export const refundNeededSql = (orderColumn: string) =>
  `select t.order_id, sum(t.amount_cents - coalesce(r.reserved, 0))::int as cents from transactions t
     left join (select transaction_id, sum(amount_cents) as reserved from refunds
                 where status not in (${releasedStatusesSql}) group by transaction_id) r on r.transaction_id = t.id
    where t.order_id = ${orderColumn} and t.status = 'completed' and t.flag_reason is not null
      and t.amount_cents > coalesce(r.reserved, 0)
    group by t.order_id`;

/** Cents still to go back, by order id, for the orders among `orderIds` with any: one statement for any number. */
export async function refundNeededByOrder(
  em: EntityManager,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const needed = await em
    .getConnection()
    .execute<{ order_id: string; cents: number }[]>(
      `select n.* from unnest(?::uuid[]) as page(id), lateral (${refundNeededSql('page.id')}) n`,
      [`{${orderIds.join(',')}}`],
      'all',
    );
  return new Map(needed.map((entry) => [entry.order_id, entry.cents]));
}
