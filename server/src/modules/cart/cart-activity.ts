import type { EntityManager } from '@mikro-orm/postgresql';
import { queryPrepared } from '../../shared/prepared-statements';

/**
 * Marks the shopper's cart as changed by them now (decision 0105): the cart reminder counts its 24 hours from here,
 * and a state it already looked at becomes a new one. Only the shopper's own edits call this: emptying the cart on
 * an order, or a failed payment putting lines back, is not a touch.
 */
export async function touchCart(em: EntityManager, userId: string): Promise<void> {
  await queryPrepared(
    em,
    `insert into cart_activity (user_id, touched_at) values (?::uuid, now())
     on conflict (user_id) do update set touched_at = excluded.touched_at`,
    [userId],
  );
}
