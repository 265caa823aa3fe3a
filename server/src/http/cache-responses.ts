import type { NextFunction, Request, Response } from 'express';
import { parse, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { tagsAffectedBy, type CatalogueChange } from '../events/catalogue-change';
import { cacheKeyFor, type ResponseCache } from './response-cache';
import { routeOf } from './request-metrics';

/** Root query fields whose answers are the same for everyone and change only as announced (catalogue-change.ts). */
const publicQueryFields = new Set([
  'products',
  'productsCount',
  'productFacets',
  'newArrivals',
  'searchSuggestions',
  'product',
  'category',
  'categories',
  'reviews',
  'reviewStats',
  'productReviews',
  'deliveryLocations',
  // The same for whoever holds the link (no viewer's data in it); kept until the order moves (decision 0112).
  'orderTracking',
  '__typename',
]);

/** The document's one operation, when it is a query whose every root field is public. */
export function publicQueryOperation(document: DocumentNode): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const [operation] = operations;
  return operations.length === 1 &&
    operation?.operation === 'query' &&
    operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && publicQueryFields.has(selection.name.value),
    )
    ? operation
    : undefined;
}

/** True for a GraphQL GET whose every root field is public (a query, no mutation). */
export function isPublicGraphQLQuery(query: unknown, maxTokens: number): boolean {
  if (typeof query !== 'string' || query.length > 20_000) return false;
  try {
    // Apollo parses it again with the same limit and answers a document over it.
    return publicQueryOperation(parse(query, { maxTokens, noLocation: true })) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Keeps a copy of this response in the cache when it succeeds. Browsers get `no-cache` with an
 * ETag: they revalidate every time (a review just posted shows at once) and a 304 costs nothing.
 */
export function rememberAnswer(cache: ResponseCache, request: Request, response: Response, statuses = [200]): void {
  // Only a GET's full answer is worth keeping: a HEAD's empty body stored under the same key would blank the page.
  if (request.method !== 'GET') return;
  const key = cacheKeyFor(request);
  if (!key) return;
  // The request's own start when it has one (a page computes its answer before it asks to be remembered).
  const { cacheGeneration: generation, cacheTags: tags } = request.ctx ?? {
    cacheGeneration: cache.generation,
    cacheTags: new Set<string>(),
  };
  const chunks: Buffer[] = [];
  const original = { write: response.write.bind(response), end: response.end.bind(response) };
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    return (original.write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as Response['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk);
    const body = Buffer.concat(chunks);
    const isError = key.startsWith('data:/graphql') && body.includes('"errors"');
    if (statuses.includes(response.statusCode) && !isError) {
      if (!response.headersSent) response.setHeader('cache-control', 'public, no-cache');
      cache.store(key, generation, tags, {
        status: response.statusCode,
        contentType: String(response.getHeader('content-type') ?? 'application/octet-stream'),
        cacheControl: 'public, no-cache',
        body,
        route: routeOf(request, response.statusCode),
      });
    }
    return (original.end as (...args: unknown[]) => Response)(chunk, ...rest);
  }) as Response['end'];
}

/** For REST GETs whose answers are the same for everyone (the spec's list calls). */
export function cachedPublicly(request: Request, response: Response, next: NextFunction): void {
  if (request.method === 'GET') rememberAnswer(request.ctx.responseCache, request, response);
  next();
}

/** For GET /graphql: remember only public queries. */
export function cachePublicGraphQL(cache: ResponseCache, maxTokens: number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method === 'GET' && isPublicGraphQLQuery(request.query.query, maxTokens)) {
      rememberAnswer(cache, request, response);
    }
    next();
  };
}

/** The response cache's subscription to catalogue changes: only the answers made from what changed go. */
export function dropAnswersAffectedBy(cache: ResponseCache, change: CatalogueChange): void {
  const tags = tagsAffectedBy(change);
  if (tags === 'everything') cache.clear();
  else if (tags.length > 0) cache.drop(tags);
}
