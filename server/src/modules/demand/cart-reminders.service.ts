import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config/config';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { queryPrepared } from '../../shared/prepared-statements';
import type { Concentration } from '../catalog/product-variant.entity';
import { nameWithSize } from '../catalog/size-label';
import { renderCartReminderEmail } from '../notifications/emails/cart-reminder-email';
import { queueEmail, queueSms } from '../notifications/notifications.service';
import { lineTotalCents } from '../orders/order-money';
import { cartReminderLinks, stopTokenId } from './demand-links';
import { cartReminderSms } from './demand-sms';

export const remindersStoppedMessage = 'Done. We will not remind you of your cart again.';
export const invalidReminderLinkMessage = 'This link is invalid.';

type ReminderSettings = Pick<AppConfig, 'publicUrl' | 'secretKey' | 'cartReminderAfterMs'>;

/** A cart due a reminder, with its lines at today's prices. */
interface DueCart {
  user_id: string;
  first: string;
  email: string | null;
  phone: string | null;
  lines: {
    name: string;
    size_ml: number | null;
    concentration: Concentration | null;
    is_sample: boolean;
    quantity: number;
    price_cents: number;
  }[];
}

/** Carts looked at per transaction. */
const reminderBatch = 100;

/**
 * Queues the one reminder of each cart left untouched for `cartReminderAfterMs` (decision 0105), in transactions of
 * `reminderBatch`. Each cart state due (touched before the cut-off and not looked at since) is claimed with skip
 * locked and stamped `reminded_at` in the same statement, whether or not it gets a reminder, so it is looked at
 * once, by one instance, and leaves the partial index. It gets one only when its account has not turned them off,
 * it still holds sizes on sale, and no order was placed since it was last touched (a failed payment puts its lines
 * back in the cart without touching it). The message is queued in the claiming transaction.
 */
export async function queueCartReminders(
  em: EntityManager,
  config: ReminderSettings,
  now = new Date(),
): Promise<number> {
  const cutOff = new Date(now.getTime() - config.cartReminderAfterMs);
  let queued = 0;
  for (;;) {
    const { looked, due } = await em.fork().transactional(async (trx) => {
      const rows = await queryPrepared<DueCart & { remind: boolean }>(
        trx,
        `with due as (
           select a.user_id from cart_activity a
            where (a.reminded_at is null or a.reminded_at < a.touched_at) and a.touched_at <= ?
            order by a.touched_at limit ?::int for update skip locked),
         looked as (
           update cart_activity a set reminded_at = greatest(now(), a.touched_at) from due
            where a.user_id = due.user_id returning a.user_id, a.touched_at)
         select u.id as user_id, u.first, u.email, u.phone,
                u.cart_reminders_off_at is null
                  and not exists (select 1 from orders o where o.user_id = u.id and o.created_at >= looked.touched_at)
                  as remind,
                coalesce((select json_agg(json_build_object('name', p.name, 'size_ml', v.size_ml,
                                            'concentration', v.concentration, 'is_sample', v.is_sample,
                                            'quantity', c.quantity, 'price_cents', v.effective_price_cents)
                                          order by c.id)
                            from cart_items c join product_variants v on v.id = c.variant_id
                            join products p on p.id = c.product_id
                           where c.user_id = u.id and v.archived_at is null and p.archived_at is null), '[]') as lines
           from looked join users u on u.id = looked.user_id`,
        [cutOff, reminderBatch],
      );
      const reminded = rows.filter((row) => row.remind && row.lines.length > 0 && (row.email || row.phone));
      for (const cart of reminded) await queueCartReminder(trx, config, cart);
      await trx.flush();
      return { looked: rows.length, due: reminded.length };
    });
    queued += due;
    if (looked < reminderBatch) return queued;
  }
}

async function queueCartReminder(em: EntityManager, config: ReminderSettings, cart: DueCart): Promise<void> {
  const lines = cart.lines.map((line) => ({
    name: nameWithSize(line.name, {
      sizeMl: line.size_ml,
      concentration: line.concentration,
      isSample: line.is_sample,
    }),
    quantity: line.quantity,
    unitPriceCents: line.price_cents,
    lineTotalCents: lineTotalCents(line.price_cents, line.quantity),
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const links = cartReminderLinks(config, cart.user_id);
  if (!cart.email) {
    const items = lines.reduce((sum, line) => sum + line.quantity, 0);
    queueSms(em, cart.phone!, cartReminderSms(items, subtotalCents, links.stopUrl));
    return;
  }
  queueEmail(em, {
    to: cart.email,
    ...(await renderCartReminderEmail({
      publicUrl: config.publicUrl,
      firstName: cart.first,
      lines,
      subtotalCents,
      cartUrl: links.cartUrl,
      stopUrl: links.stopUrl,
    })),
    headers: links.headers,
  });
}

export const cartRemindersService = {
  /** The link in a cart reminder (or the one-click POST): the account gets no more. Idempotent. */
  async stop(ctx: RequestContext, token: unknown): Promise<void> {
    const userId = stopTokenId(ctx.config, 'cart-reminders', token);
    if (userId === undefined) throw AppError.field('token', 'INVALID_TOKEN', invalidReminderLinkMessage);
    await queryPrepared(
      ctx.em,
      'update users set cart_reminders_off_at = now() where id = ?::uuid and cart_reminders_off_at is null',
      [userId],
    );
  },
};
