import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryCarouselDocument } from '../api/category-carousel.generated';
import {
  CategoryProductsDocument,
  type CategoryProductsQuery,
  type CategoryProductsQueryVariables,
} from '../api/category-products.generated';
import { PRODUCT_LIST_PAGE_SIZE } from '../product-list-params';
import { createProduct } from '../testing/factories';
import { facetsMock, withFacetMocks } from '../testing/facet-mocks';
import { renderWithProviders } from '../testing/render';
import { SearchPage } from './search-page';

function resultsMock(
  variables: Partial<CategoryProductsQueryVariables>,
  products: CategoryProductsQuery['products'],
): MockedResponse<CategoryProductsQuery> {
  return {
    request: {
      query: CategoryProductsDocument,
      variables: { sort: 'RELEVANCE', limit: PRODUCT_LIST_PAGE_SIZE, ...variables },
    },
    result: { data: { products, productsCount: products.length } },
  };
}

const categoriesMock: MockedResponse = {
  request: { query: CategoryCarouselDocument },
  result: {
    data: {
      categories: [
        {
          __typename: 'Category',
          id: 2,
          name: 'FOR WOMEN',
          slug: 'for-women',
          description: 'Floral',
          imageUrl: null,
          imageSrcSet: null,
        },
      ],
    },
  },
};

const oud = createProduct({ name: 'Oud Savanna Eau de Parfum 100ml' });
const royale = createProduct({ name: 'Oud Royale 50ml', priceCents: 900000, effectivePriceCents: 900000 });

describe('SearchPage', () => {
  it('titles the page with the search, counts the results by relevance and marks the page noindex', async () => {
    renderWithProviders(<SearchPage />, {
      route: '/search?q=oudh',
      mocks: withFacetMocks([resultsMock({ filter: { query: 'oudh' } }, [oud, royale])]),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “oudh”' })).toBeInTheDocument();
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Oud Savanna Eau de Parfum 100ml',
      'Oud Royale 50ml',
    ]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Relevance');
    expect(document.title).toBe('Search results for “oudh” | Manukato');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("sorts and filters with the category page's controls, keeping the search in the URL", async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, {
      route: '/search?q=oud',
      mocks: withFacetMocks([
        resultsMock({ filter: { query: 'oud' } }, [oud, royale]),
        resultsMock({ filter: { query: 'oud' }, sort: 'PRICE_HIGH_TO_LOW' }, [royale, oud]),
        resultsMock({ filter: { query: 'oud', availability: ['IN_STOCK'] }, sort: 'PRICE_HIGH_TO_LOW' }, [royale]),
      ]),
    });
    await screen.findByText('2 products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low');
    expect(location.current()).toBe('/search?q=oud&sort=price-high-to-low');
    await user.click(screen.getByRole('checkbox', { name: 'In stock' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(location.current()).toBe('/search?q=oud&sort=price-high-to-low&availability=in-stock');
  });

  it('filters the results by note with counts, and Clear keeps the search', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchPage />, {
      route: '/search?q=oud&availability=in-stock&family=woody',
      mocks: withFacetMocks([
        facetsMock(
          { query: 'oud', availability: ['IN_STOCK'], scentFamilies: ['WOODY'] },
          { notes: [{ __typename: 'NoteCount', note: 'saffron', count: 1 }], total: 2 },
        ),
        resultsMock({ filter: { query: 'oud', availability: ['IN_STOCK'], scentFamilies: ['WOODY'] } }, [oud, royale]),
        resultsMock(
          { filter: { query: 'oud', availability: ['IN_STOCK'], scentFamilies: ['WOODY'], notes: ['saffron'] } },
          [royale],
        ),
        resultsMock({ filter: { query: 'oud' } }, [oud, royale]),
      ]),
    });
    await screen.findByText('2 products');
    await user.click(await screen.findByRole('checkbox', { name: 'Saffron (1)' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(location.current()).toBe('/search?q=oud&availability=in-stock&family=woody&note=saffron');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.current()).toBe('/search?q=oud');
    expect(await screen.findByText('2 products')).toBeInTheDocument();
  });

  it('says what to try and lists the categories when nothing matches', async () => {
    renderWithProviders(<SearchPage />, {
      route: '/search?q=zzqxj',
      mocks: withFacetMocks([resultsMock({ filter: { query: 'zzqxj' } }, []), categoriesMock]),
    });
    expect(await screen.findByText(/No products match “zzqxj”/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'FOR WOMEN' })).toHaveAttribute('href', '/category/for-women');
  });

  it('asks nothing for a search under two letters', () => {
    renderWithProviders(<SearchPage />, { route: '/search?q=o' });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “o”' })).toBeInTheDocument();
    expect(screen.getByText('Type at least 2 letters to search the shop.')).toBeInTheDocument();
  });
});
