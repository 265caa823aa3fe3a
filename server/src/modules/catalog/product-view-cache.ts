import { LRUCache } from 'lru-cache';
import type { CatalogueChange } from '../../events/catalogue-change';
import { DropRecord } from '../../shared/drop-record';
import { SecondSight } from '../../shared/second-sight';
import type { CacheTally } from '../../shared/shop-metrics';
import type { CategoryView, ProductImageView, ProductView } from './catalog.views';

/** What a view costs beyond its text: the objects, their slots and the key (an estimate, as entryOverheadBytes). */
const viewOverheadBytes = 1024;
const partOverheadBytes = 256;

const textBytes = (...texts: (string | null)[]) => texts.reduce((sum, text) => sum + 2 * (text?.length ?? 0), 0);

/** A view's bytes: its strings at two bytes a character, and a fixed share for each object in it. */
export function productViewBytes(view: ProductView): number {
  let bytes = viewOverheadBytes + textBytes(view.name, view.description, view.category);
  for (const image of view.images) bytes += partOverheadBytes + textBytes(image.fileName, image.url, image.srcSet);
  for (const category of view.categories) {
    bytes +=
      partOverheadBytes +
      textBytes(
        category.name,
        category.slug,
        category.description,
        category.imageUrl,
        category.imageSrcSet,
        category.path,
      );
  }
  return bytes;
}

/** Shared by every request that reads it: frozen, so a caller that changed one would fail loudly, not quietly. */
function freezeView(view: ProductView): ProductView {
  const freezeAll = (parts: (CategoryView | ProductImageView)[]) =>
    Object.freeze(parts.map((part) => Object.freeze(part)));
  Object.assign(view, { images: freezeAll(view.images), categories: freezeAll(view.categories) });
  return Object.freeze(view);
}

/**
 * Products as shoppers see them, by id, kept in this process in front of PostgreSQL (decision 0062): the lists'
 * statements choose and order the ids, and only the views not held here are read. Every change that touches a
 * product (its data, stock, images or categories) drops its view on every instance (catalogue events), so what
 * is held is what PostgreSQL last said. Bounded in bytes, least recently used out first.
 *
 * A view read before a drop that concerns it is not stored: taking `generation` before the read and handing it
 * to `store` closes the gap between a read and a change heard while it ran (shared/drop-record.ts, as ResponseCache).
 * A product's view is kept from the second time it is read (decision 0071): a crawler walking all 50,000 products
 * once fills nothing.
 */
export class ProductViewCache {
  private readonly views: LRUCache<number, ProductView>;
  /** Which products' views were dropped when: a view is stored only if it was not dropped since its read began. */
  private readonly drops = new DropRecord<number>();
  /** Views found here and views read from PostgreSQL, counted with plain numbers for the metrics. */
  private hits = 0;
  private misses = 0;

  /** `admission` null keeps every view at once (tests of the drops and the bound). */
  constructor(
    maxBytes: number,
    private readonly admission: SecondSight | null = new SecondSight(),
  ) {
    this.views = new LRUCache<number, ProductView>({ maxSize: maxBytes, sizeCalculation: productViewBytes });
  }

  get generation(): number {
    return this.drops.generation;
  }

  get size(): number {
    return this.views.size;
  }

  /** The bytes held (never above the budget). */
  get calculatedBytes(): number {
    return this.views.calculatedSize;
  }

  get(id: number): ProductView | undefined {
    const view = this.views.get(id);
    if (view) this.hits += 1;
    else this.misses += 1;
    return view;
  }

  /** Its hits and misses so far, entries and bytes (shared/shop-metrics.ts reads them at each scrape). */
  tally(): CacheTally {
    return { hits: this.hits, misses: this.misses, entries: this.views.size, bytes: this.views.calculatedSize };
  }

  /** Keeps views read from PostgreSQL since `generation`, unless one was dropped meanwhile. */
  store(generation: number, views: readonly ProductView[]): void {
    for (const view of views) {
      if (!this.drops.mayStore(generation, [view.id])) continue;
      if (this.admission && !this.views.has(view.id) && !this.admission.admit(view.id)) continue;
      this.views.set(view.id, freezeView(view));
    }
  }

  /** Views dropped by a change were read before: kept again from their next read. */
  drop(ids: readonly number[]): void {
    this.drops.drop(ids);
    for (const id of ids) if (this.views.delete(id)) this.admission?.remember(id);
  }

  clear(): void {
    this.drops.dropAll();
    if (this.admission) for (const id of this.views.keys()) this.admission.remember(id);
    this.views.clear();
  }
}

/**
 * The subscriber to catalogue events: a product's own change or stock change drops its view; a category change
 * (its name, slug, description or image is inside every member's view) or "everything" drops them all.
 */
export function dropViewsAffectedBy(cache: ProductViewCache, change: CatalogueChange): void {
  if (change.everything || change.categoryIds?.length) {
    cache.clear();
    return;
  }
  const ids = [...(change.productIds ?? []), ...(change.stockChangedIds ?? [])];
  if (ids.length > 0) cache.drop(ids);
}

declare module '../../core/request-context' {
  interface RequestContext {
    /** This instance's product views (modules/catalog/product-view-cache.ts), shared by its requests. */
    productViews: ProductViewCache;
  }
}
