import { LRUCache } from 'lru-cache';
import type { CatalogueChange } from '../../events/catalogue-change';
import type { CategoryView, ProductImageView, ProductView } from './catalog.views';

/** What a view costs beyond its text: the objects, their slots and the key (an estimate, as entryOverheadBytes). */
const viewOverheadBytes = 1024;
const partOverheadBytes = 256;

/** Past this many remembered drops, the record is forgotten and views read before are not stored. */
const maxRememberedDrops = 10_000;

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
 * to `store` closes the gap between a read and a change heard while it ran (the same rule as ResponseCache).
 */
export class ProductViewCache {
  private readonly views: LRUCache<number, ProductView>;
  /** Counts drops; `generation` is its value when a read began. */
  private clock = 0;
  /** When each product's view was last dropped (clock values). */
  private readonly droppedAt = new Map<number, number>();
  /** Views read before this clock value are not stored (everything dropped, or the drop record forgotten). */
  private storableFrom = 0;

  constructor(maxBytes: number) {
    this.views = new LRUCache<number, ProductView>({ maxSize: maxBytes, sizeCalculation: productViewBytes });
  }

  get generation(): number {
    return this.clock;
  }

  get size(): number {
    return this.views.size;
  }

  /** The bytes held (never above the budget). */
  get calculatedBytes(): number {
    return this.views.calculatedSize;
  }

  get(id: number): ProductView | undefined {
    return this.views.get(id);
  }

  /** Keeps views read from PostgreSQL since `generation`, unless one was dropped meanwhile. */
  store(generation: number, views: readonly ProductView[]): void {
    if (generation < this.storableFrom) return;
    for (const view of views) {
      if ((this.droppedAt.get(view.id) ?? -1) > generation) continue;
      this.views.set(view.id, freezeView(view));
    }
  }

  drop(ids: readonly number[]): void {
    this.clock += 1;
    if (this.droppedAt.size + ids.length > maxRememberedDrops) {
      this.droppedAt.clear();
      this.storableFrom = this.clock;
    }
    for (const id of ids) {
      this.droppedAt.set(id, this.clock);
      this.views.delete(id);
    }
  }

  clear(): void {
    this.clock += 1;
    this.storableFrom = this.clock;
    this.droppedAt.clear();
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
