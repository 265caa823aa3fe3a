import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** How many keys offered once each cache remembers: about 1.4 MB when full, and about a minute of heavy junk. */
export const defaultRememberedKeys = 16_384;

/** A 30-bit hash (a small integer in V8, no heap object): a collision only admits one entry a request early. */
function hashOf(key: string): number {
  return createHash('md5').update(key).digest().readUInt32LE(0) >>> 2;
}

/**
 * Admission for a cache that strangers can fill with keys nobody asks for again (cache-busting query strings,
 * one-off GraphQL documents, product ids walked by a crawler): a key is admitted when it is offered a second
 * time while still remembered among the last `remembered` keys offered once (decision 0071). What shoppers ask
 * for twice is kept from the second time on; what is asked for once is never stored, so an attack cannot fill
 * the cache up to its bound and leave the process that much larger after it ends.
 */
export class SecondSight {
  /** Keys (numbers as they are, strings by hash) offered once and not yet again, oldest forgotten first. */
  private readonly seenOnce: LRUCache<number, true>;

  constructor(remembered = defaultRememberedKeys) {
    this.seenOnce = new LRUCache<number, true>({ max: remembered });
  }

  /**
   * Counts `key` as offered once: a cache dropping a held entry (a catalogue change, not its bound) calls this, so
   * the page asked for again right after is kept at once, as before the change.
   */
  remember(key: string | number): void {
    this.seenOnce.set(typeof key === 'number' ? key : hashOf(key), true);
  }

  /** True when `key` was offered before (store it now); otherwise remembers it and answers false. */
  admit(key: string | number): boolean {
    const hash = typeof key === 'number' ? key : hashOf(key);
    if (this.seenOnce.has(hash)) {
      this.seenOnce.delete(hash);
      return true;
    }
    this.seenOnce.set(hash, true);
    return false;
  }
}
