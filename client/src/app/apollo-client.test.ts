import { ApolloClient, gql } from '@apollo/client';
import { createCache, createHttpLink } from './apollo-client';

const LIST = gql`
  query List($limit: Int, $offset: Int) {
    products(limit: $limit, offset: $offset) {
      id
      name
    }
  }
`;
const ONE = gql`
  query One($id: Int!) {
    product(id: $id) {
      id
      name
    }
  }
`;

const product = (id: number, name: string) => ({ __typename: 'Product' as const, id, name });

describe('Apollo cache policies', () => {
  it('keeps differently sized pages apart', () => {
    const cache = createCache();
    cache.writeQuery({ query: LIST, variables: { limit: 2 }, data: { products: [product(1, 'A'), product(2, 'B')] } });

    expect(cache.readQuery({ query: LIST, variables: { limit: 6 } })).toBeNull();
    expect(cache.readQuery({ query: LIST, variables: { limit: 2 } })).toEqual({
      products: [product(1, 'A'), product(2, 'B')],
    });
  });

  it('normalises products by id so a single product read finds a listed one', () => {
    const cache = createCache();
    cache.writeQuery({ query: LIST, variables: { limit: 2 }, data: { products: [product(1, 'A'), product(2, 'B')] } });
    cache.writeQuery({
      query: LIST,
      variables: { limit: 1, offset: 1 },
      data: { products: [product(2, 'B renamed')] },
    });

    expect(cache.readQuery({ query: ONE, variables: { id: 2 } })).toEqual({ product: product(2, 'B renamed') });
    expect(cache.readQuery<{ products: unknown[] }>({ query: LIST, variables: { limit: 2 } })?.products[1]).toEqual(
      product(2, 'B renamed'),
    );
  });
});

describe('Apollo HTTP link', () => {
  function fakeFetch(data: unknown) {
    return jest.fn(async (_url: string, _init: RequestInit) => ({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify({ data }),
    })) as unknown as jest.Mock<Promise<unknown>, [string, RequestInit]>;
  }

  function clientWith(fetchImpl: jest.Mock) {
    return new ApolloClient({ link: createHttpLink(fetchImpl as unknown as typeof fetch), cache: createCache() });
  }

  it('sends queries as GET to /graphql with the apollo-require-preflight header', async () => {
    const fetchImpl = fakeFetch({ product: product(3, 'Oud') });
    await clientWith(fetchImpl).query({ query: ONE, variables: { id: 3 } });

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const parsed = new URL(url, 'http://shop.test');
    expect(parsed.pathname).toBe('/graphql');
    expect(parsed.searchParams.get('operationName')).toBe('One');
    expect(JSON.parse(parsed.searchParams.get('variables')!)).toEqual({ id: 3 });
    expect(new Headers(init.headers).get('apollo-require-preflight')).toBe('true');
  });

  it('sends mutations as POST, also with the header', async () => {
    const fetchImpl = fakeFetch({ createReview: { __typename: 'CreateReviewPayload', review: null, errors: [] } });
    await clientWith(fetchImpl).mutate({
      mutation: gql`
        mutation Create($input: ReviewInput!) {
          createReview(input: $input) {
            review {
              id
            }
            errors {
              message
            }
          }
        }
      `,
      variables: { input: {} },
    });

    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('apollo-require-preflight')).toBe('true');
  });
});
