import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a write changed in what shoppers see: the one kind of domain event (decision 0035). Writers announce
 * it inside their transaction (PostgreSQL delivers a NOTIFY only if and once that transaction commits); every
 * instance hears it (catalogue-events.ts) and drops what it kept of the answers it affects.
 */
export interface CatalogueChange {
  /** Products whose own data changed (any shown field, images), or that were created or removed. */
  productIds?: number[];
  /** Which products lists hold, or their order, may differ: created or removed, a price, name or category changed. */
  listsChanged?: boolean;
  /** Categories created, removed or changed. */
  categoryIds?: number[];
  /** The shop's own reviews (about no product) written, hidden, shown or removed: its list and stats. */
  reviewsChanged?: boolean;
  /** Products whose reviews were written, hidden, shown or removed: their lists, summaries and pages' JSON-LD. */
  reviewedProductIds?: number[];
  /** Products whose stock changed (their views show quantities). */
  stockChangedIds?: number[];
  /** Among those, the ones whose in-stock flag flipped: lists filtered by availability change too. */
  inStockFlippedIds?: number[];
  /**
   * The stock of `stockChangedIds` only went down (an order or a hold took it): caches drop their views as for any
   * stock change, but nobody waiting for a size can be served by it, so the back-in-stock watcher leaves it.
   */
  stockOnlyFell?: boolean;
  /** Delivery locations changed (a fee, pay on delivery switched or its maximum): answers that show them. */
  deliveryChanged?: boolean;
  /**
   * Orders that moved (paid, packed, out, delivered, cancelled…), by tracking token: their tracking pages' answers.
   * Announced by a trigger on `orders` (migration 0038), whichever write moved them.
   */
  trackingTokens?: string[];
  /** Too much to name, or events may have been missed: everything is dropped. */
  everything?: boolean;
}

/** A change as delivered: with the id its writer waits for (catalogue-events.ts). */
export interface CatalogueChanged extends CatalogueChange {
  id: string;
  /** When the writer announced it (its clock, ms since the epoch): each instance's event lag is measured from it. */
  at?: number;
}

export const catalogueChannel = 'manukato_catalogue_changed';

/** NOTIFY refuses payloads of 8000 bytes or more; a change naming more ids becomes "everything". */
export const maxPayloadBytes = 7_500;

/** Cache tags: what an answer was made from (RequestContext.cacheTags); a change drops the answers it names. */
export const cacheTag = {
  /** An answer showing this product, or asking for it and finding none (a 404 page becomes a page when created). */
  product: (id: number) => `product:${id}`,
  /** An answer that lists or counts products: membership and order depend on every product. */
  productList: 'product-list',
  /** An answer filtered by availability: changes when an in-stock flag flips. */
  availability: 'availability',
  categories: 'categories',
  reviews: 'reviews',
  /** An answer showing a product's reviews or their summary (its page's JSON-LD included). */
  productReviews: (id: number) => `product-reviews:${id}`,
  delivery: 'delivery',
  /** An order's tracking page (its token is the key to it). */
  orderTracking: (token: string) => `order-tracking:${token}`,
} as const;

/** The tags whose answers a change affects, or 'everything'. */
export function tagsAffectedBy(change: CatalogueChange): string[] | 'everything' {
  if (change.everything) return 'everything';
  const tags = new Set<string>();
  for (const id of [...(change.productIds ?? []), ...(change.stockChangedIds ?? [])]) tags.add(cacheTag.product(id));
  if (change.listsChanged) tags.add(cacheTag.productList);
  if (change.categoryIds?.length) {
    tags.add(cacheTag.categories);
    // Category filters match by slug and name: which products a category lists may differ.
    tags.add(cacheTag.productList);
  }
  if (change.reviewsChanged) tags.add(cacheTag.reviews);
  for (const id of change.reviewedProductIds ?? []) tags.add(cacheTag.productReviews(id));
  if (change.inStockFlippedIds?.length) tags.add(cacheTag.availability);
  if (change.deliveryChanged) tags.add(cacheTag.delivery);
  for (const token of change.trackingTokens ?? []) tags.add(cacheTag.orderTracking(token));
  return [...tags];
}

/**
 * The NOTIFY payload for a write made past the services (a seed, migrations, a bulk load), whose changes are not
 * named: every instance drops everything it keeps of the catalogue.
 */
export function noticeOfEverything(): string {
  return encodeChange({ id: randomUUID(), at: Date.now(), everything: true });
}

/** The NOTIFY payload: compact JSON, or "everything" when the ids would not fit. */
export function encodeChange(change: CatalogueChanged): string {
  const payload = JSON.stringify(change);
  return Buffer.byteLength(payload) < maxPayloadBytes
    ? payload
    : JSON.stringify({ id: change.id, at: change.at, everything: true });
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => Number.isSafeInteger(id));

/** A payload read back; anything unexpected (another version's format) counts as "everything". */
export function decodeChange(payload: unknown): CatalogueChanged {
  const value = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const id = typeof value.id === 'string' ? value.id : '';
  const lists = ['productIds', 'categoryIds', 'stockChangedIds', 'inStockFlippedIds', 'reviewedProductIds'] as const;
  const at = typeof value.at === 'number' && Number.isFinite(value.at) ? value.at : undefined;
  const tokens = value.trackingTokens;
  const badTokens =
    tokens !== undefined && !(Array.isArray(tokens) && tokens.every((token) => typeof token === 'string'));
  if (!id || badTokens || lists.some((name) => value[name] !== undefined && !isIdList(value[name]))) {
    return { id, at, everything: true };
  }
  return value as unknown as CatalogueChanged;
}

/** Event ids announced in a transaction not yet committed, by transaction: its writer waits for them once it commits. */
export const announcedInTransaction = new WeakMap<object, string[]>();

/**
 * Announces a change from inside the caller's transaction: delivered to every instance, this one included,
 * only if and after it commits. A transaction is required: outside one, a NOTIFY would go out at once.
 */
export async function announceCatalogueChange(em: EntityManager, change: CatalogueChange): Promise<void> {
  const payload = noticeOfCatalogueChange(em, change);
  await em
    .getConnection()
    .execute('select pg_notify(?, ?)', [catalogueChannel, payload], 'run', em.getTransactionContext());
}

/**
 * The NOTIFY payload for a change a writer sends itself, as `pg_notify(catalogueChannel, payload)` inside one of
 * its own statements in the caller's transaction (saving a round trip); the writer then waits for it after the
 * commit like for any announced change.
 */
export function noticeOfCatalogueChange(em: EntityManager, change: CatalogueChange): string {
  const transaction = em.getTransactionContext();
  if (!transaction) throw new Error('a catalogue change needs a transaction (em.transactional)');
  const changed: CatalogueChanged = { id: randomUUID(), at: Date.now(), ...change };
  const announced = announcedInTransaction.get(transaction);
  if (announced) announced.push(changed.id);
  else announcedInTransaction.set(transaction, [changed.id]);
  return encodeChange(changed);
}
