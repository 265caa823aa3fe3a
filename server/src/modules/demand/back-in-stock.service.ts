import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config/config';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { kenyanMobile, invalidKenyanMobileMessage } from '../../shared/kenyan-mobile';
import type { Page } from '../../shared/pagination';
import { queryPrepared } from '../../shared/prepared-statements';
import { RateLimit } from '../../shared/rate-limiter';
import { isPostgresInteger } from '../../shared/input-check';
import { singleRow } from '../../shared/single-row';
import { Permission, requirePermission } from '../accounts/guards';
import type { Concentration } from '../catalog/product-variant.entity';
import { nameWithSize, sizeLabel } from '../catalog/size-label';
import { renderBackInStockEmail } from '../notifications/emails/back-in-stock-email';
import { queueEmail, queueSms } from '../notifications/notifications.service';
import { BackInStockChannel } from './back-in-stock-request.entity';
import { backInStockSms } from './demand-sms';
import { backInStockStopLinks, stopTokenId } from './demand-links';

const oneHour = 60 * 60 * 1000;
/** Sign-ups for alerts from one client address in an hour: plenty for a shopper, too few to flood an inbox. */
export const backInStockRateLimit = new RateLimit('back-in-stock-per-ip', 30, oneHour, 'alerts asked for from here');

export const askedMessage = 'Done. We will tell you once when this size is back.';
export const stoppedMessage = 'Done. You will get no more back-in-stock messages.';
export const invalidStopLinkMessage = 'This link is invalid.';

/** What a shopper asked for: how and where they will be told. */
export interface BackInStockAsked {
  channel: BackInStockChannel;
  contact: string;
}

function sizeNotOnSale(): AppError {
  return AppError.field('variantId', 'NOT_FOUND', 'That size is not on sale.');
}

/**
 * Where the message goes: what the shopper typed (an e-mail, or a Kenyan mobile), else for a signed-in shopper the
 * account's own address or phone, as `channel` asks (the address first when it does not say).
 */
function contactOf(ctx: RequestContext, channel: unknown, typed: unknown): BackInStockAsked {
  if (channel !== undefined && channel !== null && channel !== 'email' && channel !== 'sms') {
    throw AppError.field('channel', 'INVALID_INPUT', 'Choose e-mail or SMS.');
  }
  const text = typeof typed === 'string' ? typed.trim() : '';
  if (!text) {
    const viewer = ctx.viewer;
    if (!viewer) throw AppError.field('contact', 'REQUIRED', 'Enter your e-mail or Kenyan mobile number.');
    const wantsSms = channel === 'sms' || (channel !== 'email' && !viewer.email);
    if (wantsSms && viewer.phone) return { channel: BackInStockChannel.SMS, contact: viewer.phone };
    if (!wantsSms && viewer.email) return { channel: BackInStockChannel.EMAIL, contact: viewer.email };
    throw AppError.field(
      'contact',
      'REQUIRED',
      wantsSms ? 'Your account has no phone number: enter one.' : 'Your account has no e-mail: enter one.',
    );
  }
  if (channel === 'email' || (channel !== 'sms' && text.includes('@'))) {
    const email = normaliseEmail(text);
    if (!isValidEmail(email)) throw AppError.field('contact', 'INVALID_EMAIL', 'Please enter a valid e-mail address.');
    return { channel: BackInStockChannel.EMAIL, contact: email };
  }
  const phone = kenyanMobile(text);
  if (!phone) throw AppError.field('contact', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return { channel: BackInStockChannel.SMS, contact: phone };
}

interface AskedRow {
  quantity: number | null;
  asked: number;
}

/** A claimed request with what its message shows. */
interface ClaimedRow {
  id: number;
  channel: BackInStockChannel;
  contact: string;
  variant_id: number;
  product_id: number;
  name: string;
  size_ml: number | null;
  concentration: Concentration | null;
  is_sample: boolean;
  price_cents: number;
}

/** Requests claimed and messaged per transaction: a size thousands wait for is told in several short ones. */
const claimBatch = 200;

/**
 * Claims the waiting requests of sizes on the shelf again (of `productIds`, or of every product) and queues each one
 * message, in transactions of `claimBatch`. The claim is the update that stamps `notified_at` on rows still null,
 * locked with skip locked: two instances hearing the same restock never claim one row twice, and the messages are
 * queued in the claiming transaction, so a claim that fails queues nothing and is claimed again later.
 */
export async function tellWaitingShoppers(
  em: EntityManager,
  config: Pick<AppConfig, 'publicUrl' | 'secretKey'>,
  productIds: readonly number[] | 'all',
): Promise<number> {
  let told = 0;
  for (;;) {
    const claimed = await em.fork().transactional(async (trx) => {
      const rows = await queryPrepared<ClaimedRow>(
        trx,
        `update back_in_stock_requests r set notified_at = now()
           from (select r2.id from back_in_stock_requests r2
                   join product_variants v2 on v2.id = r2.variant_id join products p2 on p2.id = v2.product_id
                  where r2.notified_at is null and v2.quantity > 0 and v2.archived_at is null and p2.archived_at is null
                    and (?::int[] is null or v2.product_id = any(?::int[]))
                  order by r2.id limit ?::int for update of r2 skip locked) due,
                product_variants v join products p on p.id = v.product_id
          where r.id = due.id and v.id = r.variant_id
          returning r.id, r.channel, r.contact, v.id as variant_id, p.id as product_id, p.name, v.size_ml,
                    v.concentration, v.is_sample, v.effective_price_cents as price_cents`,
        [productIds === 'all' ? null : productIds, productIds === 'all' ? null : productIds, claimBatch],
      );
      for (const row of rows) await queueBackInStockMessage(trx, config, row);
      await trx.flush();
      return rows.length;
    });
    told += claimed;
    if (claimed < claimBatch) return told;
  }
}

async function queueBackInStockMessage(
  em: EntityManager,
  config: Pick<AppConfig, 'publicUrl' | 'secretKey'>,
  row: ClaimedRow,
): Promise<void> {
  const size = { sizeMl: row.size_ml, concentration: row.concentration, isSample: row.is_sample };
  const productUrl = `${config.publicUrl}/product/${row.product_id}?size=${row.variant_id}`;
  if (row.channel === BackInStockChannel.SMS) {
    queueSms(em, row.contact, backInStockSms(row.name, sizeLabel(size), row.price_cents, productUrl));
    return;
  }
  const links = backInStockStopLinks(config, row.id);
  queueEmail(em, {
    to: row.contact,
    ...(await renderBackInStockEmail({
      publicUrl: config.publicUrl,
      name: nameWithSize(row.name, size),
      priceCents: row.price_cents,
      productUrl,
      stopUrl: links.pageUrl,
    })),
    headers: links.headers,
  });
}

/** A size and how many wait for it: the owner's "Most wanted" list. */
export interface WantedSize {
  variantId: number;
  productId: number;
  productName: string;
  sizeLabel: string;
  quantity: number;
  waiting: number;
  waitingSince: Date;
}

interface WantedRow {
  total_count: number;
  sizes: {
    variant_id: number;
    product_id: number;
    name: string;
    size_ml: number | null;
    concentration: Concentration | null;
    is_sample: boolean;
    quantity: number;
    waiting: number;
    waiting_since: string;
  }[];
}

export const backInStockService = {
  /**
   * "Notify me when back" on a sold-out size: stored once per size and contact (asking again changes nothing, and
   * after a message it waits again). One statement: the size's row is locked for share, so a restock committing
   * meanwhile is either seen (the size is in stock: refused) or waits for this request and then tells it.
   */
  async ask(ctx: RequestContext, variantId: unknown, channel?: unknown, contact?: unknown): Promise<BackInStockAsked> {
    const id = typeof variantId === 'string' ? Number(variantId) : variantId;
    if (typeof id !== 'number' || !isPostgresInteger(id)) throw sizeNotOnSale();
    const asked = contactOf(ctx, channel, contact);
    await backInStockRateLimit.consume(ctx.em, ctx.ip);
    const row = singleRow(
      await queryPrepared<AskedRow>(
        ctx.em,
        `with size as (
           select v.id, v.quantity from product_variants v join products p on p.id = v.product_id
            where v.id = ?::int and v.archived_at is null and p.archived_at is null for share of v),
         asked as (
           insert into back_in_stock_requests (variant_id, channel, contact, user_id)
           select id, ?, ?, ?::uuid from size where quantity <= 0
           on conflict (variant_id, contact) do update
             set notified_at = null, channel = excluded.channel,
                 user_id = coalesce(excluded.user_id, back_in_stock_requests.user_id)
           returning id)
         select (select quantity from size) as quantity, (select count(*) from asked)::int as asked`,
        [id, asked.channel, asked.contact, ctx.viewer?.id ?? null],
      ),
    );
    if (row.quantity === null) throw sizeNotOnSale();
    if (row.asked === 0) throw AppError.field('variantId', 'IN_STOCK', 'This size is in stock: add it to your cart.');
    return asked;
  },

  /** The link in a back-in-stock e-mail: every size its address still waits for is forgotten. Idempotent. */
  async stop(ctx: RequestContext, token: unknown): Promise<void> {
    const id = stopTokenId(ctx.config, 'back-in-stock', token);
    if (id === undefined) throw AppError.field('token', 'INVALID_TOKEN', invalidStopLinkMessage);
    await queryPrepared(
      ctx.em,
      `delete from back_in_stock_requests where notified_at is null
          and contact = (select contact from back_in_stock_requests where id = ?::int)`,
      [Number(id)],
    );
  },

  /** Sizes shoppers wait for, most waited for first, in one statement (the page and the count). */
  async mostWanted(ctx: RequestContext, page: Page): Promise<{ sizes: WantedSize[]; totalCount: number }> {
    requirePermission(ctx, Permission.STOCK);
    const row = singleRow(
      await queryPrepared<WantedRow>(
        ctx.em,
        `with waiting as (
           select variant_id, count(*)::int as waiting, min(created_at) as waiting_since
             from back_in_stock_requests where notified_at is null group by variant_id)
         select (select count(*)::int from waiting) as total_count,
                coalesce((select json_agg(shown order by shown.waiting desc, shown.variant_id) from (
                  select w.variant_id, v.product_id, p.name, v.size_ml, v.concentration, v.is_sample, v.quantity,
                         w.waiting, w.waiting_since
                    from waiting w join product_variants v on v.id = w.variant_id join products p on p.id = v.product_id
                   order by w.waiting desc, w.variant_id limit ?::int offset ?::int) shown), '[]'::json) as sizes`,
        [page.limit, page.offset],
      ),
    );
    return {
      totalCount: row.total_count,
      sizes: row.sizes.map((size) => ({
        variantId: size.variant_id,
        productId: size.product_id,
        productName: size.name,
        sizeLabel: sizeLabel({ sizeMl: size.size_ml, concentration: size.concentration, isSample: size.is_sample }),
        quantity: size.quantity,
        waiting: size.waiting,
        waitingSince: new Date(size.waiting_since),
      })),
    };
  },
};
