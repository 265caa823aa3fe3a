import type { MockedResponse } from '@apollo/client/testing';
import type { ProductFilter } from '../api/category-products.generated';
import { ProductFacetsDocument, type ProductFacetsQuery } from '../api/product-facets.generated';
import type { FacetCounts } from '../components/facet-filters';

/** The server's facet counts, none unless given, shaped as the API returns them. */
export function createFacetCounts(overrides: Partial<FacetCounts> = {}): FacetCounts {
  return {
    __typename: 'ProductFacets',
    scentFamilies: [],
    notes: [],
    concentrations: [],
    sizes: [],
    minPriceCents: null,
    maxPriceCents: null,
    total: 0,
    ...overrides,
  };
}

export function facetsMock(
  filter: ProductFilter,
  counts: Partial<FacetCounts> = {},
): MockedResponse<ProductFacetsQuery> {
  return {
    request: { query: ProductFacetsDocument, variables: { filter } },
    result: { data: { productFacets: createFacetCounts(counts) } },
  };
}

/** The mocks with, for each filter a list mock asks with, its facet counts (none), as the pages ask beside lists. */
export function withFacetMocks(mocks: MockedResponse[]): MockedResponse[] {
  const filters = new Map<string, ProductFilter>();
  for (const mock of mocks) {
    const filter = (mock.request.variables as { filter?: ProductFilter } | undefined)?.filter;
    if (filter && mock.request.query !== ProductFacetsDocument) filters.set(JSON.stringify(filter), filter);
  }
  return [...mocks, ...[...filters.values()].map((filter) => facetsMock(filter))];
}
