import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewArrivalsSectionDocument, type NewArrivalsSectionQuery } from '../api/new-arrivals-section.generated';
import { createImage, createProduct } from '../testing/factories';
import { renderWithProviders } from '../testing/render';
import { NEW_ARRIVALS_SECTION_COUNT, NewArrivalsSection } from './new-arrivals-section';

function sectionMock(products: NewArrivalsSectionQuery['newArrivals']): MockedResponse<NewArrivalsSectionQuery> {
  return {
    request: { query: NewArrivalsSectionDocument, variables: { limit: 6 } },
    result: { data: { newArrivals: products } },
  };
}

describe('NewArrivalsSection', () => {
  it('asks for the six newest products', () => {
    expect(NEW_ARRIVALS_SECTION_COUNT).toBe(6);
  });

  it("lists the newest products as cards under 'New Arrivals' with a View All link", async () => {
    renderWithProviders(<NewArrivalsSection />, {
      mocks: [
        sectionMock([
          createProduct({
            id: 7,
            name: 'Oud Royale',
            category: 'FOR MEN',
            priceCents: 123400,
            images: [createImage({ id: 'oud', url: '/uploads/oud-640.webp' })],
          }),
          createProduct({ id: 3, name: 'Jasmine Night', priceCents: 950000, images: [] }),
        ]),
      ],
    });

    const section = screen.getByRole('region', { name: 'New Arrivals' });
    expect(within(section).getByRole('status')).toHaveTextContent('Loading products');
    expect(within(section).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/new-arrivals');

    const oud = await within(section).findByRole('article', { name: 'Oud Royale' });
    expect(within(oud).getByText('FOR MEN')).toBeInTheDocument();
    expect(within(oud).getByText('Ksh 1,234.00')).toBeInTheDocument();
    expect(within(oud).getByRole('img', { name: 'Oud Royale' })).toHaveAttribute('src', '/uploads/oud-640.webp');
    expect(within(oud).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/product/7');

    const jasmine = within(section).getByRole('article', { name: 'Jasmine Night' });
    expect(within(jasmine).getByText('Ksh 9,500.00')).toBeInTheDocument();
    expect(within(jasmine).getByRole('img', { name: 'Jasmine Night: No Image' })).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(2);
  });

  it('shows sale prices as the cards do', async () => {
    renderWithProviders(<NewArrivalsSection />, {
      mocks: [
        sectionMock([createProduct({ name: 'Amber Mist', onSale: true, priceCents: 300000, salePriceCents: 250050 })]),
      ],
    });

    const card = await screen.findByRole('article', { name: 'Amber Mist' });
    expect(within(card).getByText('On Sale!')).toBeInTheDocument();
    expect(within(card).getByText('Ksh 3,000.00').tagName).toBe('S');
    expect(within(card).getByText('Save Ksh 499.50')).toBeInTheDocument();
  });

  it('passes the add-to-cart handler to its cards', async () => {
    const onAddToCart = jest.fn(() => Promise.resolve());
    renderWithProviders(<NewArrivalsSection />, {
      mocks: [sectionMock([createProduct({ id: 11, name: 'Neroli' })])],
      addToCart: onAddToCart,
    });

    const card = await screen.findByRole('article', { name: 'Neroli' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(11);
    expect(await within(card).findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it('tells the visitor when products cannot be fetched', async () => {
    renderWithProviders(<NewArrivalsSection />, {
      mocks: [{ request: { query: NewArrivalsSectionDocument, variables: { limit: 6 } }, error: new Error('down') }],
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });
});
