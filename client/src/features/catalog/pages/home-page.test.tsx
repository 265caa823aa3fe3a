import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createProduct } from '../../../../test/factories';
import { createCache } from '../../../app/apollo-client';
import { HomeProductsDocument, type HomeProductsQuery } from '../../../shared/api/generated';
import { HOME_PRODUCT_COUNT, HomePage } from './home-page';

function homeProductsMock(products: HomeProductsQuery['newArrivals']): MockedResponse<HomeProductsQuery> {
  return {
    request: { query: HomeProductsDocument, variables: { limit: HOME_PRODUCT_COUNT } },
    result: { data: { newArrivals: products } },
  };
}

function renderHome(mocks: MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('HomePage', () => {
  it('lists products with name, category, image and Ksh price', async () => {
    renderHome([
      homeProductsMock([
        createProduct({
          id: 7,
          name: 'Oud Royale',
          category: 'FOR MEN',
          priceCents: 123400,
          effectivePriceCents: 123400,
        }),
        createProduct({
          id: 3,
          name: 'Jasmine Night',
          category: 'FOR WOMEN',
          priceCents: 950000,
          effectivePriceCents: 950000,
          images: [],
        }),
      ]),
    ]);

    expect(screen.getByRole('status')).toHaveTextContent('Loading products');

    const oud = await screen.findByRole('article', { name: 'Oud Royale' });
    expect(within(oud).getByText('FOR MEN')).toBeInTheDocument();
    expect(within(oud).getByText('Ksh 1,234.00')).toBeInTheDocument();
    expect(within(oud).getByRole('img', { name: 'Oud Royale' })).toHaveAttribute('src', '/uploads/perfume-7.webp');
    expect(within(oud).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/product/7');

    const jasmine = screen.getByRole('article', { name: 'Jasmine Night' });
    expect(within(jasmine).getByText('Ksh 9,500.00')).toBeInTheDocument();
    // SPEC §5: a product without images shows the 'No Image' placeholder.
    expect(within(jasmine).getByText('No Image')).toBeInTheDocument();

    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the sale price, the struck-through regular price and the saving', async () => {
    renderHome([
      homeProductsMock([
        createProduct({
          name: 'Amber Mist',
          onSale: true,
          priceCents: 300000,
          salePriceCents: 250050,
          effectivePriceCents: 250050,
        }),
      ]),
    ]);

    const card = await screen.findByRole('article', { name: 'Amber Mist' });
    expect(within(card).getByText('On Sale!')).toBeInTheDocument();
    expect(within(card).getByText('Ksh 2,500.50')).toBeInTheDocument();
    expect(within(card).getByText('Ksh 3,000.00').tagName).toBe('S');
    expect(within(card).getByText('Save Ksh 499.50')).toBeInTheDocument();
  });

  it('tells the visitor when products cannot be fetched', async () => {
    renderHome([
      { request: { query: HomeProductsDocument, variables: { limit: HOME_PRODUCT_COUNT } }, error: new Error('down') },
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });
});
