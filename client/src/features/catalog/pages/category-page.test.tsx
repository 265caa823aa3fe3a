import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryPageDocument, type CategoryPageQuery } from '../api/category-page.generated';
import {
  CategoryProductsDocument,
  type CategoryProductsQuery,
  type CategoryProductsQueryVariables,
} from '../api/category-products.generated';
import { PRODUCT_LIST_PAGE_SIZE } from '../product-list-params';
import { createProduct } from '../testing/factories';
import { ProductFacetsDocument } from '../api/product-facets.generated';
import { createFacetCounts, facetsMock, withFacetMocks } from '../testing/facet-mocks';
import { renderWithProviders } from '../testing/render';
import { mockViewport, restoreViewport } from '../testing/viewport';
import { CategoryPage } from './category-page';

function titleMock(
  slug: string,
  title: string,
  description = '',
  path = `/category/${slug}`,
): MockedResponse<CategoryPageQuery> {
  return {
    request: { query: CategoryPageDocument, variables: { slug } },
    result: {
      data: {
        category: {
          __typename: 'CategoryMatch',
          title,
          category: description ? { __typename: 'Category', id: 1, description, path } : null,
        },
      },
    },
  };
}

function productsMock(
  variables: Partial<CategoryProductsQueryVariables> & Pick<CategoryProductsQueryVariables, 'filter'>,
  products: CategoryProductsQuery['products'],
): MockedResponse<CategoryProductsQuery> {
  return {
    request: {
      query: CategoryProductsDocument,
      variables: { sort: 'BEST_SELLING', limit: PRODUCT_LIST_PAGE_SIZE, ...variables },
    },
    result: { data: { products, productsCount: products.length } },
  };
}

function renderCategory(route: string, mocks: MockedResponse[]) {
  return renderWithProviders(<CategoryPage />, { route, path: '/category/:category', mocks: withFacetMocks(mocks) });
}

function productNames() {
  return screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
}

describe('CategoryPage', () => {
  it('shows breadcrumbs: Home, then the category as the current page at its canonical path', async () => {
    renderCategory('/category/kids', [
      titleMock('kids', 'FOR CHILDREN', 'Gentle scents for little ones.', '/category/for-children'),
      productsMock({ filter: { categorySlug: 'kids' } }, []),
    ]);

    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumbs).findByRole('link', { name: 'For Children' })).toHaveAttribute(
      'href',
      '/category/for-children',
    );
    const links = within(breadcrumbs).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'For Children']);
    expect(links[0]).toHaveAttribute('href', '/');
    expect(links[0]).not.toHaveAttribute('aria-current');
    expect(links[1]).toHaveAttribute('aria-current', 'page');
  });

  it("shows the server's title, the count and the category's products", async () => {
    renderCategory('/category/kids', [
      titleMock('kids', 'FOR CHILDREN', 'Gentle scents for little ones.'),
      productsMock({ filter: { categorySlug: 'kids' } }, [
        createProduct({ name: 'Bubble Gum' }),
        createProduct({ name: 'Candy Floss' }),
        createProduct({ name: 'Peach Fizz' }),
      ]),
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'FOR CHILDREN' })).toBeInTheDocument();
    expect(screen.getByText('Gentle scents for little ones.')).toBeInTheDocument();
    expect(await screen.findByText('3 products')).toBeInTheDocument();
    expect(productNames()).toEqual(['Bubble Gum', 'Candy Floss', 'Peach Fizz']);
    // Worded as the server writes the head (catalog.pages.ts), so it reads the same before and after the start.
    expect(document.title).toBe('For Children perfumes | Manukato');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Gentle scents for little ones. Shop for children at Manukato, delivered across Kenya.',
    );
  });

  it('says so when the category has no products', async () => {
    renderCategory('/category/unisex', [
      titleMock('unisex', 'UNISEX'),
      productsMock({ filter: { categorySlug: 'unisex' } }, []),
    ]);

    expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('queries with the filters and sort in the URL and re-queries when they change', async () => {
    const user = userEvent.setup();
    const { location } = renderCategory('/category/for-men?availability=in-stock&sort=price-high-to-low', [
      titleMock('for-men', 'FOR MEN'),
      productsMock({ filter: { categorySlug: 'for-men', availability: ['IN_STOCK'] }, sort: 'PRICE_HIGH_TO_LOW' }, [
        createProduct({ name: 'Oud Royale', priceCents: 900000 }),
        createProduct({ name: 'Cedar', priceCents: 300000 }),
      ]),
      productsMock({ filter: { categorySlug: 'for-men', availability: ['IN_STOCK'] }, sort: 'PRICE_LOW_TO_HIGH' }, [
        createProduct({ name: 'Cedar', priceCents: 300000 }),
        createProduct({ name: 'Oud Royale', priceCents: 900000 }),
      ]),
      productsMock({ filter: { categorySlug: 'for-men' }, sort: 'PRICE_LOW_TO_HIGH' }, [
        createProduct({ name: 'Cedar', priceCents: 300000 }),
        createProduct({ name: 'Musk', inStock: false, priceCents: 400000 }),
        createProduct({ name: 'Oud Royale', priceCents: 900000 }),
      ]),
    ]);

    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(productNames()).toEqual(['Oud Royale', 'Cedar']);
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');
    expect(location.current()).toBe('/category/for-men?availability=in-stock&sort=price-low-to-high');
    await waitFor(() => expect(productNames()).toEqual(['Cedar', 'Oud Royale']));

    await user.click(screen.getByRole('checkbox', { name: 'In stock' }));
    expect(await screen.findByText('3 products')).toBeInTheDocument();
    expect(productNames()).toEqual(['Cedar', 'Musk', 'Oud Royale']);
  });

  it('shows fragrance facets with their counts and filters by them through the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderCategory('/category/for-men', [
      titleMock('for-men', 'FOR MEN'),
      facetsMock(
        { categorySlug: 'for-men' },
        {
          scentFamilies: [
            { __typename: 'ScentFamilyCount', scentFamily: 'WOODY', count: 2 },
            { __typename: 'ScentFamilyCount', scentFamily: 'CITRUS', count: 1 },
          ],
          notes: [{ __typename: 'NoteCount', note: 'vetiver', count: 2 }],
          total: 3,
        },
      ),
      productsMock({ filter: { categorySlug: 'for-men' } }, [
        createProduct({ name: 'Cedar' }),
        createProduct({ name: 'Vetiver Noir' }),
        createProduct({ name: 'Lemon' }),
      ]),
      productsMock({ filter: { categorySlug: 'for-men', scentFamilies: ['WOODY'] } }, [
        createProduct({ name: 'Cedar' }),
        createProduct({ name: 'Vetiver Noir' }),
      ]),
    ]);

    expect(await screen.findByText('3 products')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Woody (2)' }));
    expect(location.current()).toBe('/category/for-men?family=woody');
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(productNames()).toEqual(['Cedar', 'Vetiver Noir']);
    expect(screen.getByRole('checkbox', { name: /^Woody/ })).toBeChecked();
  });

  it('falls back to the spec rule for the title when the server cannot be reached', async () => {
    renderCategory('/category/for-women', [
      { request: { query: CategoryPageDocument, variables: { slug: 'for-women' } }, error: new Error('down') },
      {
        request: {
          query: CategoryProductsDocument,
          variables: { filter: { categorySlug: 'for-women' }, sort: 'BEST_SELLING', limit: PRODUCT_LIST_PAGE_SIZE },
        },
        error: new Error('down'),
      },
    ]);

    expect(await screen.findByRole('heading', { level: 1, name: 'FOR WOMEN' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });

  describe('on a phone', () => {
    afterEach(restoreViewport);

    it('shows the products first and the filters in a drawer, counting facets only once it opens', async () => {
      mockViewport({ mobile: true });
      const user = userEvent.setup();
      const facetCounts = jest.fn(() => ({ data: { productFacets: createFacetCounts({ total: 1 }) } }));
      renderWithProviders(<CategoryPage />, {
        route: '/category/for-men',
        path: '/category/:category',
        mocks: [
          titleMock('for-men', 'FOR MEN'),
          productsMock({ filter: { categorySlug: 'for-men' } }, [createProduct({ id: 2, name: 'Cedar Ridge' })]),
          {
            request: { query: ProductFacetsDocument, variables: { filter: { categorySlug: 'for-men' } } },
            result: facetCounts,
          },
        ],
      });
      await screen.findByRole('article', { name: 'Cedar Ridge' });

      expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'In stock' })).not.toBeInTheDocument();
      expect(facetCounts).not.toHaveBeenCalled();

      const filter = screen.getByRole('button', { name: 'Filter' });
      expect(filter).toHaveAttribute('aria-haspopup', 'dialog');
      await user.click(filter);
      const drawer = screen.getByRole('dialog', { name: 'Filters' });
      expect(within(drawer).getByRole('checkbox', { name: 'In stock' })).toBeInTheDocument();
      await waitFor(() => expect(facetCounts).toHaveBeenCalledTimes(1));

      await user.click(within(drawer).getByRole('button', { name: 'Show results' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(filter).toHaveFocus();
      expect(screen.getByRole('article', { name: 'Cedar Ridge' })).toBeInTheDocument();
    });
  });
});
