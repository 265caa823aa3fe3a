import { ApolloClient, HttpLink, InMemoryCache, type FieldPolicy, type TypePolicies } from '@apollo/client';

// A list field cached per (limit, offset) and replaced on refetch. Pages never bleed into each other,
// so a 6-item "new arrivals" query cannot read a 24-item listing (or the reverse). A screen that wants
// an infinite list with fetchMore must opt in with its own merging policy.
const pagedList: FieldPolicy = {
  keyArgs: ['limit', 'offset'],
  merge: (_existing: unknown, incoming: unknown) => incoming,
};

// Replace, never merge, whole lists: the server's answer is the truth and this silences Apollo's
// "cache data may be lost" warning for arrays of references.
const replacedList: FieldPolicy = { merge: (_existing: unknown, incoming: unknown) => incoming };

export const typePolicies: TypePolicies = {
  // Every entity is normalised by id, so one product edited anywhere updates every list showing it.
  Product: { keyFields: ['id'] },
  ProductImage: { keyFields: ['id'] },
  Category: { keyFields: ['id'] },
  Review: { keyFields: ['id'] },
  DeliveryLocation: { keyFields: ['id'] },
  Query: {
    fields: {
      // Filters and sort are part of which list this is: a new sort must ask the server.
      products: { ...pagedList, keyArgs: ['filter', 'sort', 'limit', 'offset'] },
      reviews: pagedList,
      productReviews: { ...pagedList, keyArgs: ['productId', 'limit', 'offset'] },
      adminReviews: pagedList,
      categories: replacedList,
      deliveryLocations: replacedList,
      // A product already in the cache from a grid opens its page without waiting for the network;
      // missing fields still trigger a fetch.
      product: {
        read(existing, { args, toReference }) {
          if (existing !== undefined) return existing;
          return typeof args?.id === 'number' ? toReference({ __typename: 'Product', id: args.id }) : undefined;
        },
      },
    },
  },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}

export function createHttpLink(fetchImpl?: typeof fetch): HttpLink {
  return new HttpLink({
    fetch: fetchImpl,
    // Same origin: Vite proxies /graphql in development and the server serves the app in production.
    uri: '/graphql',
    // Queries go out as GET so the server, proxies and the browser can cache public data; mutations stay POST.
    useGETForQueries: true,
    // Apollo Server's CSRF protection refuses "simple" GET requests; this header marks ours as deliberate.
    headers: { 'apollo-require-preflight': 'true' },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({ link: createHttpLink(), cache: createCache() });
}
