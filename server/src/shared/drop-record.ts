/** Past this many remembered drops, the record is forgotten and reads begun before may not store. */
const defaultMaxRemembered = 10_000;

/**
 * When each key of a cache was last dropped, for caches filled by reads that take time (decisions 0035, 0062): a
 * read takes `generation` before it begins and may store what it read only if none of it was dropped since, so
 * a change heard while the read ran cannot be undone by its answer. Bounded: past `maxRemembered` drops the
 * record is forgotten, and every read begun before may not store.
 */
export class DropRecord<Key> {
  /** Counts drops; `generation` is its value when a read began. */
  private clock = 0;
  /** When each key was last dropped (clock values). */
  private readonly droppedAt = new Map<Key, number>();
  /** Reads begun before this clock value may not store (everything dropped, or the record forgotten). */
  private storableFrom = 0;

  constructor(private readonly maxRemembered = defaultMaxRemembered) {}

  get generation(): number {
    return this.clock;
  }

  drop(keys: readonly Key[]): void {
    this.clock += 1;
    if (this.droppedAt.size + keys.length > this.maxRemembered) this.forget();
    for (const key of keys) this.droppedAt.set(key, this.clock);
  }

  dropAll(): void {
    this.clock += 1;
    this.forget();
  }

  private forget(): void {
    this.droppedAt.clear();
    this.storableFrom = this.clock;
  }

  /** Whether a read begun at `generation` may store what it read of `keys`. */
  mayStore(generation: number, keys: Iterable<Key>): boolean {
    if (generation < this.storableFrom) return false;
    for (const key of keys) if ((this.droppedAt.get(key) ?? -1) > generation) return false;
    return true;
  }
}
