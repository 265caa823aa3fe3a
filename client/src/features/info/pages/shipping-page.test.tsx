import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { ShippingPageDocument, type ShippingPageQuery } from '../api/shipping-page.generated';
import { createDeliveryTerms } from '../../../shared/delivery/testing/delivery-terms';
import { ShippingPage } from './shipping-page';

const terms: ShippingPageQuery = createDeliveryTerms();

function renderShipping(mock: MockLink.MockedResponse<ShippingPageQuery>) {
  return render(
    <MockedProvider mocks={[mock]} mockLinkDefaultOptions={{ delay: 0 }}>
      <ShippingPage />
    </MockedProvider>,
  );
}

describe('ShippingPage', () => {
  it('lists the stored locations with their fee and time, and the free-delivery threshold', async () => {
    renderShipping({ request: { query: ShippingPageDocument }, result: { data: terms } });

    expect(screen.getByRole('status')).toHaveTextContent('Loading delivery options');
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['CBD collection point at a mall', 'Ksh 120.00', '1-3 business days'],
      ['Outside Nairobi', 'Ksh 550.00', '3-5 business days'],
    ]);
    expect(screen.getByText(/Free delivery on orders of Ksh 10,000 or more\./)).toBeInTheDocument();
    // The spec's fixed table promised what checkout never offers.
    expect(screen.queryByText(/same day/i)).not.toBeInTheDocument();
  });

  it('says so when the delivery options cannot be loaded', async () => {
    renderShipping({ request: { query: ShippingPageDocument }, error: new Error('down') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the delivery options');
  });
});
