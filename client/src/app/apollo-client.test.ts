import { gql } from '@apollo/client';
import { createCache } from './apollo-client';

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
