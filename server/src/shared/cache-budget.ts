/**
 * How the process's cache budget (CACHE_MAX_MB) is shared between its in-process caches, in bytes. Every
 * cache that anonymous requests can fill takes its part of it, so together they cannot grow past it.
 */
export interface CacheBudget {
  /** Cached public answers (bodies and their compressed copies): http/response-cache.ts. */
  responses: number;
  /** Products as shoppers see them, by id: modules/catalog/product-view-cache.ts. */
  productViews: number;
  /** Pages' product ids and counts, by request: modules/catalog/list-read-cache.ts. */
  listReads: number;
  /** The direct path's parsed, validated and compiled queries and their checked variables. */
  directQueries: number;
  /** Apollo's parsed, validated documents. */
  apolloDocuments: number;
  /** Apollo's automatic persisted queries (query texts by hash). */
  apolloPersistedQueries: number;
}

export function splitCacheBudget(totalBytes: number): CacheBudget {
  return {
    responses: Math.floor(totalBytes * 0.3),
    listReads: Math.floor(totalBytes * 0.05),
    productViews: Math.floor(totalBytes * 0.15),
    directQueries: Math.floor(totalBytes * 0.25),
    apolloDocuments: Math.floor(totalBytes * 0.15),
    apolloPersistedQueries: Math.floor(totalBytes * 0.1),
  };
}

/** What a cached entry costs beyond its own bytes (the entry object, its key's slot, headers): an estimate. */
export const entryOverheadBytes = 512;
