import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { entryOverheadBytes } from '../shared/cache-budget';
import { answerEncoding, compressFrom } from './content-encoding';
import { requestIdFor } from './request-id';
import { DropRecord } from '../shared/drop-record';
import { SecondSight } from '../shared/second-sight';
import type { HeaderLines } from './security-headers';
import type { CacheTally } from '../shared/shop-metrics';
import { labelRoute } from './request-metrics';

export interface CachedResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  etag: string;
  expiresAt: number;
  /** What the answer was made from (cache tags, events/catalogue-change.ts). */
  tags: string[];
  /** Compressed once, on first demand, and reused for every later hit. */
  encoded?: { br?: Buffer; gzip?: Buffer };
  /** The route template of the request that made it, so a hit is counted under its route (request-metrics.ts). */
  route?: string;
}

/** The rule every answer follows (content-encoding.ts): the same encoding as when Express wrote it. */
function encodingFor(request: IncomingMessage, entry: CachedResponse): 'br' | 'gzip' | undefined {
  if (entry.body.length < compressFrom) return undefined;
  return answerEncoding(request);
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(body, { level: 9 });
}

/** What one tag of an entry costs: its text in the entry and in the tag index, and the index's slot. */
const tagOverheadBytes = 64;

/** An entry's bytes: its key (two bytes a character at most), body, compressed copies, tags and the rest. */
function entryBytes(entry: CachedResponse, key: string): number {
  return (
    2 * key.length +
    entry.body.length +
    (entry.encoded?.br?.length ?? 0) +
    (entry.encoded?.gzip?.length ?? 0) +
    entry.contentType.length +
    entry.cacheControl.length +
    entry.etag.length +
    2 * (entry.route?.length ?? 0) +
    entry.tags.reduce((sum, tag) => sum + 4 * tag.length + tagOverheadBytes, 0) +
    entryOverheadBytes
  );
}

/**
 * Answers for anonymous GETs of public catalogue data (GraphQL GET queries, the spec's list calls,
 * rendered storefront pages), kept in this process. Each entry carries the tags of what it was made from
 * (RequestContext.cacheTags); a catalogue change drops the entries whose tags it names (decision 0035).
 * Served before Express so a hit costs a lookup and one write. Bounded in bytes (bodies, their compressed
 * copies, their tags), least recently used out first. An answer is stored the second time its key is asked for
 * (shared/second-sight.ts, decision 0071): cache-busting query strings, each asked for once, are never kept.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  /** Keys of the entries carrying each tag (kept in step by the LRU's dispose). */
  private readonly keysByTag = new Map<string, Set<string>>();
  /** Which tags were dropped when: an answer is stored only if nothing it read was dropped since it began. */
  private readonly drops = new DropRecord<string>();

  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Which keys were asked for once; null stores every answer at once (tests of the tags and the bound). */
  private readonly admission: SecondSight | null;
  /** Lookups answered from here, and those that went on to the app (static files aside), for the metrics. */
  private hits = 0;
  private misses = 0;

  constructor(maxBytes: number, options: { ttlMs?: number; now?: () => number; admission?: SecondSight | null } = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    this.admission = options.admission === undefined ? new SecondSight() : options.admission;
    this.entries = new LRUCache<string, CachedResponse>({
      maxSize: maxBytes,
      sizeCalculation: entryBytes,
      dispose: (entry, key) => this.unindex(key, entry),
    });
  }

  /** Taken before computing an answer and handed to `store`: answers computed before a drop they depend on are refused. */
  get generation(): number {
    return this.drops.generation;
  }

  /** Drops every answer (a change too large to name, or changes that may have been missed). */
  clear(): void {
    this.drops.dropAll();
    // What was held was asked for before: kept again from its next request.
    if (this.admission) for (const key of this.entries.keys()) this.admission.remember(key);
    this.entries.clear();
  }

  /** Drops the answers carrying any of these tags; answers being computed that read them will not be stored. */
  drop(tags: readonly string[]): number {
    this.drops.drop(tags);
    const keys = new Set<string>();
    for (const tag of tags) {
      for (const key of this.keysByTag.get(tag) ?? []) keys.add(key);
    }
    for (const key of keys) {
      this.entries.delete(key);
      this.admission?.remember(key);
    }
    return keys.size;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the cache counts as held (never above its budget). */
  get calculatedBytes(): number {
    return this.entries.calculatedSize;
  }

  /** Its hits and misses so far, entries and bytes (shared/shop-metrics.ts reads them at each scrape). */
  tally(): CacheTally {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** The tags an entry carries (tests look). */
  tagsOf(key: string): readonly string[] | undefined {
    return this.entries.peek(key)?.tags;
  }

  lookup(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  store(
    key: string,
    generation: number,
    tags: Iterable<string>,
    answer: Omit<CachedResponse, 'etag' | 'expiresAt' | 'tags'>,
  ): void {
    const tagList = [...new Set(tags)];
    if (!this.drops.mayStore(generation, tagList)) return;
    // A key held already is replaced (a fresher answer); a new one is kept from its second request on.
    if (this.admission && !this.entries.has(key) && !this.admission.admit(key)) return;
    const etag = `"${createHash('sha1').update(answer.body).digest('base64url')}"`;
    const entry = { ...answer, tags: tagList, etag, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, entry);
    // Not kept (larger than the whole budget): nothing to index.
    if (this.entries.peek(key) !== entry) return;
    for (const tag of tagList) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** The LRU's dispose: an entry evicted, deleted or replaced (setting the same entry again calls none). */
  private unindex(key: string, entry: CachedResponse): void {
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** Compressed once, on first demand; stored again so that the copy counts against the budget. */
  private encodedBody(key: string, entry: CachedResponse, encoding: 'br' | 'gzip'): Buffer {
    const known = entry.encoded?.[encoding];
    if (known) return known;
    const encoded = compress(entry.body, encoding);
    entry.encoded = { ...entry.encoded, [encoding]: encoded };
    // Only if still the entry under that key (a change may have dropped it meanwhile).
    if (this.entries.peek(key) === entry) this.entries.set(key, entry);
    return encoded;
  }

  /**
   * Answers a request from the cache when it can; false sends it on to the app. `leadingLines` (the security
   * headers) go first, written with the entry's own in one `writeHead`: no header is set one by one on a hit.
   */
  serve(request: IncomingMessage, response: ServerResponse, leadingLines: HeaderLines = []): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const key = cacheKeyFor(request);
    if (!key) return false;
    const entry = this.lookup(key);
    if (!entry) {
      if (!isStaticFile(request.url)) this.misses += 1;
      return false;
    }
    this.hits += 1;
    if (entry.route) labelRoute(request, entry.route);
    const lines = [
      ...leadingLines,
      'content-type',
      entry.contentType,
      'cache-control',
      entry.cacheControl,
      'etag',
      entry.etag,
      'vary',
      'Accept-Encoding',
      'x-cache',
      'HIT',
      // As Express and the direct path answer: the caller's id echoed, or a new one.
      'x-request-id',
      requestIdFor(request),
    ];
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304, lines).end();
      return true;
    }
    const encoding = encodingFor(request, entry);
    const body = encoding ? this.encodedBody(key, entry, encoding) : entry.body;
    if (encoding) lines.push('content-encoding', encoding);
    lines.push('content-length', String(body.length));
    response.writeHead(entry.status, lines);
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  }
}

/** Built files and images: the cache never holds them, so their lookups say nothing of its hit rate. */
function isStaticFile(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/assets/') || url.startsWith('/uploads/'));
}

/**
 * Which cache entry a request would use, or undefined when it must not use one: anything carrying
 * credentials (answers may depend on who asks), and GraphQL GETs without the CSRF preflight header
 * Apollo requires (the cache must not answer what Apollo would refuse).
 */
export function cacheKeyFor(request: IncomingMessage): string | undefined {
  if (request.headers.authorization || request.headers.cookie?.includes('session')) return undefined;
  // Express rewrites request.url inside mounted routers; the raw request (the fast path) has the full one.
  const url = (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? '';
  if (url.startsWith('/graphql')) {
    if (!request.headers['apollo-require-preflight'] && !request.headers['x-apollo-operation-name']) return undefined;
    return `data:${url}`;
  }
  const accept = request.headers.accept ?? '';
  return `${accept.includes('text/html') ? 'html' : 'data'}:${url}`;
}
