import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';

/**
 * GraphiQL's requests as the storefront sends them: the signed-in session's cookie goes along (same origin),
 * and `apollo-require-preflight` satisfies Apollo's CSRF prevention for GET queries too.
 */
export function createShopFetcher(url: string): Fetcher {
  return createGraphiQLFetcher({
    url,
    headers: { 'apollo-require-preflight': 'true' },
    fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
  });
}
