import { LRUCache } from 'lru-cache';
import { cacheTag, tagsAffectedBy, type CatalogueChange } from '../../events/catalogue-change';
import { entryOverheadBytes } from '../../shared/cache-budget';
import { DropRecord } from '../../shared/drop-record';
import { SecondSight } from '../../shared/second-sight';

/** What a list read keeps: the ids of a page in its order, a count, or a filter's facet counts (plain data). */
export type ListRead = readonly number[] | number | object;

interface Entry {
  value: ListRead;
  tags: readonly string[];
  bytes: number;
}

/** A value's bytes: 8 a number, two a character of its JSON for anything else (facet counts). */
function bytesOf(value: ListRead): number {
  if (typeof value === 'number') return 8;
  if (Array.isArray(value) && value.every((item) => typeof item === 'number')) return 8 * value.length;
  return 2 * JSON.stringify(value).length;
}

/** Shared by every request that reads it: frozen throughout, so a caller that changed it would fail loudly. */
function frozen<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const part of Object.values(value)) frozen(part);
  return Object.freeze(value);
}

/**
 * The catalogue's list reads, kept in this process (decision 0093): which products a page shows, in its order, and
 * how many a filter matches, by the request that asked. The products themselves come from the view cache
 * (product-view-cache.ts). A warm category page, search or new-arrivals page then costs no statement, where it
 * cost two or three round trips to PostgreSQL and a count over every member of the category.
 *
 * Every change to what lists show (a product added, archived, renamed or repriced, a category changed, an in-stock
 * flag flipped) drops what it affects on every instance (catalogue events), as it drops the cached answers made from
 * the same reads; a stock change alone moves no list. A read begun before a drop it depends on is not stored
 * (shared/drop-record.ts). Bounded in bytes, least recently used out first, and a request's reads are kept from
 * its second sight (decision 0071), so one-off filters never fill it.
 */
export class ListReadCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly drops = new DropRecord<string>();

  /** `admission` null keeps every read at once (tests). */
  constructor(
    maxBytes: number,
    private readonly admission: SecondSight | null = new SecondSight(),
  ) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (entry, key) => 2 * key.length + entry.bytes + entryOverheadBytes,
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held (never above the budget). */
  get calculatedBytes(): number {
    return this.entries.calculatedSize;
  }

  /**
   * The read under `key`, from here when held, else from `read` (and kept when nothing it depends on was dropped
   * while it ran).
   */
  async read<Value extends ListRead>(key: string, tags: readonly string[], read: () => Promise<Value>): Promise<Value> {
    const held = this.entries.get(key);
    if (held) return held.value as Value;
    const generation = this.drops.generation;
    const value = await read();
    if (
      this.drops.mayStore(generation, tags) &&
      (!this.admission || this.entries.has(key) || this.admission.admit(key))
    ) {
      this.entries.set(key, { value: frozen(structuredClone(value)), tags, bytes: bytesOf(value) });
    }
    return value;
  }

  /** Drops the reads depending on any of these tags. */
  drop(tags: readonly string[]): void {
    this.drops.drop(tags);
    const dropped = new Set(tags);
    // Collected first, deleted after: the LRU is not changed while it is being walked.
    const keys = [...this.entries.entries()]
      .filter(([, entry]) => entry.tags.some((tag) => dropped.has(tag)))
      .map(([key]) => key);
    for (const key of keys) {
      this.entries.delete(key);
      this.admission?.remember(key);
    }
  }

  clear(): void {
    this.drops.dropAll();
    if (this.admission) for (const key of this.entries.keys()) this.admission.remember(key);
    this.entries.clear();
  }
}

/** The subscriber to catalogue events: what a change does to lists (tagsAffectedBy), nothing for a product's own. */
export function dropListsAffectedBy(cache: ListReadCache, change: CatalogueChange): void {
  const tags = tagsAffectedBy(change);
  if (tags === 'everything') {
    cache.clear();
    return;
  }
  const listTags = tags.filter(
    (tag) => tag === cacheTag.productList || tag === cacheTag.availability || tag === cacheTag.categories,
  );
  if (listTags.length > 0) cache.drop(listTags);
}

declare module '../../core/request-context' {
  interface RequestContext {
    /** This instance's list reads (modules/catalog/list-read-cache.ts), shared by its requests. */
    listReads: ListReadCache;
  }
}
