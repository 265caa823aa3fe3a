import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NewArrivalsPageDocument,
  type NewArrivalsPageQuery,
  type NewArrivalsPageQueryVariables,
} from '../api/new-arrivals-page.generated';
import { PRODUCT_LIST_PAGE_SIZE } from '../product-list-params';
import { createProduct } from '../testing/factories';
import { withFacetMocks } from '../testing/facet-mocks';
import { renderWithProviders } from '../testing/render';
import { mockViewport, restoreViewport } from '../testing/viewport';
import { NewArrivalsPage } from './new-arrivals-page';

function arrivalsMock(
  variables: Partial<NewArrivalsPageQueryVariables>,
  products: NewArrivalsPageQuery['products'],
): MockedResponse<NewArrivalsPageQuery> {
  return {
    request: {
      query: NewArrivalsPageDocument,
      variables: { filter: {}, sort: 'NEWEST', limit: PRODUCT_LIST_PAGE_SIZE, ...variables },
    },
    result: { data: { products } },
  };
}

const newest = [
  createProduct({ id: 19, name: 'Saffron Nights', priceCents: 450000 }),
  createProduct({ id: 18, name: 'Amber Mist', priceCents: 300000, onSale: true, salePriceCents: 200000 }),
  createProduct({ id: 17, name: 'Citrus Bloom', priceCents: 600000 }),
];

function renderArrivals(mocks: MockedResponse[], route = '/new-arrivals') {
  return renderWithProviders(<NewArrivalsPage />, { route, path: '/new-arrivals', mocks: withFacetMocks(mocks) });
}

function productNames() {
  return screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
}

describe('NewArrivalsPage', () => {
  afterEach(restoreViewport);

  it('shows the title, intro and the newest products first', async () => {
    renderArrivals([arrivalsMock({}, newest)]);

    expect(screen.getByRole('heading', { level: 1, name: 'New Arrivals' })).toBeInTheDocument();
    expect(screen.getByText(/Discover the latest fragrances/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    await screen.findByRole('article', { name: 'Saffron Nights' });
    expect(productNames()).toEqual(['Saffron Nights', 'Amber Mist', 'Citrus Bloom']);
    expect(document.title).toBe('New Arrivals | Manukato');
  });

  it('re-sorts with Sort By', async () => {
    const user = userEvent.setup();
    const { location } = renderArrivals([
      arrivalsMock({}, newest),
      arrivalsMock({ sort: 'PRICE_LOW_TO_HIGH' }, [newest[1]!, newest[0]!, newest[2]!]),
      arrivalsMock({ sort: 'ALPHABETICALLY' }, [newest[1]!, newest[2]!, newest[0]!]),
    ]);
    await screen.findByRole('article', { name: 'Saffron Nights' });

    const sortBy = screen.getByRole('combobox', { name: 'Sort By' });
    expect(sortBy).toHaveDisplayValue('Newest Arrivals');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Newest Arrivals',
      'Price: High to Low',
      'Price: Low to High',
      'Alphabetical',
    ]);

    await user.selectOptions(sortBy, 'Price: Low to High');
    expect(location.current()).toBe('/new-arrivals?sort=price-low-to-high');
    await waitFor(() => expect(productNames()).toEqual(['Amber Mist', 'Saffron Nights', 'Citrus Bloom']));

    await user.selectOptions(sortBy, 'Alphabetical');
    await waitFor(() => expect(productNames()).toEqual(['Amber Mist', 'Citrus Bloom', 'Saffron Nights']));
  });

  it('opens the filter panel from the Filter button and filters by availability', async () => {
    const user = userEvent.setup();
    renderArrivals([arrivalsMock({}, newest), arrivalsMock({ filter: { availability: ['OUT_OF_STOCK'] } }, [])]);
    await screen.findByRole('article', { name: 'Saffron Nights' });

    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox', { name: 'Search by name' })).not.toBeInTheDocument();

    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    expect(filter).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('checkbox', { name: 'Out of stock' }));
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();

    await user.click(filter);
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('opens with the panel showing when the link carries filters', async () => {
    renderArrivals([arrivalsMock({ filter: { search: 'oud' } }, [])], '/new-arrivals?q=oud');

    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('oud');
    expect(await screen.findByText('No products found matching your criteria.')).toBeInTheDocument();
  });

  it('shows the same panel as a dialog on phones, closing with Escape', async () => {
    mockViewport({ mobile: true });
    const user = userEvent.setup();
    renderArrivals([arrivalsMock({}, newest)]);
    await screen.findByRole('article', { name: 'Saffron Nights' });

    const filter = screen.getByRole('button', { name: 'Filter' });
    await user.click(filter);
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('searchbox', { name: 'Search by name' })).toHaveFocus();
    expect(within(drawer).getByRole('checkbox', { name: 'In stock' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filter).toHaveFocus();
    expect(filter).toHaveAttribute('aria-expanded', 'false');
  });
});
