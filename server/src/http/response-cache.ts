import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { entryOverheadBytes } from './cache-budget';

export interface CachedResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  etag: string;
  expiresAt: number;
  /** Compressed once, on first demand, and reused for every later hit. */
  encoded?: { br?: Buffer; gzip?: Buffer };
}

/** Below this a compressed body saves less than its headers cost. */
const minimumCompressedSize = 1024;

function encodingFor(request: IncomingMessage, entry: CachedResponse): 'br' | 'gzip' | undefined {
  if (entry.body.length < minimumCompressedSize) return undefined;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(body, { level: 9 });
}

/** An entry's bytes: its key (two bytes a character at most), body, compressed copies and the rest. */
function entryBytes(entry: CachedResponse, key: string): number {
  return (
    2 * key.length +
    entry.body.length +
    (entry.encoded?.br?.length ?? 0) +
    (entry.encoded?.gzip?.length ?? 0) +
    entry.contentType.length +
    entry.cacheControl.length +
    entry.etag.length +
    entryOverheadBytes
  );
}

/**
 * Answers for anonymous GETs of public catalogue data (GraphQL GET queries, the spec's list calls,
 * rendered storefront pages), kept in this process and dropped whole when the catalogue or the
 * reviews change. Served before Express so a hit costs a lookup and one write. Bounded in bytes
 * (bodies and their compressed copies), least recently used out first.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private generationCounter = 0;

  constructor(
    maxBytes: number,
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<string, CachedResponse>({ maxSize: maxBytes, sizeCalculation: entryBytes });
  }

  /** Taken before computing an answer; `store` ignores answers computed before an invalidation. */
  get generation(): number {
    return this.generationCounter;
  }

  private readonly listeners: (() => void)[] = [];

  /** Public data changed: drop every answer, and tell what else holds derived data (the catalogue snapshot). */
  invalidate(): void {
    this.generationCounter += 1;
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the cache counts as held (never above its budget). */
  get calculatedBytes(): number {
    return this.entries.calculatedSize;
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

  store(key: string, generation: number, answer: Omit<CachedResponse, 'etag' | 'expiresAt'>): void {
    if (generation !== this.generationCounter) return;
    const etag = `"${createHash('sha1').update(answer.body).digest('base64url')}"`;
    this.entries.set(key, { ...answer, etag, expiresAt: this.now() + this.ttlMs });
  }

  /** Compressed once, on first demand; stored again so that the copy counts against the budget. */
  private encodedBody(key: string, entry: CachedResponse, encoding: 'br' | 'gzip'): Buffer {
    const known = entry.encoded?.[encoding];
    if (known) return known;
    const encoded = compress(entry.body, encoding);
    entry.encoded = { ...entry.encoded, [encoding]: encoded };
    // Only if still the entry under that key (an invalidation may have dropped it meanwhile).
    if (this.entries.peek(key) === entry) this.entries.set(key, entry);
    return encoded;
  }

  /** Answers a request from the cache when it can; false sends it on to the app. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const key = cacheKeyFor(request);
    if (!key) return false;
    const entry = this.lookup(key);
    if (!entry) return false;
    const encoding = encodingFor(request, entry);
    const headers: Record<string, string> = {
      'content-type': entry.contentType,
      'cache-control': entry.cacheControl,
      etag: entry.etag,
      vary: 'Accept-Encoding',
      'x-cache': 'HIT',
    };
    if (request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304, headers).end();
      return true;
    }
    const body = encoding ? this.encodedBody(key, entry, encoding) : entry.body;
    if (encoding) headers['content-encoding'] = encoding;
    response.writeHead(entry.status, { ...headers, 'content-length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  }
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
