import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { createDeliveryTerms } from '../../../shared/delivery/testing/delivery-terms';
import { ViewerDocument } from '../../../shared/session/session.generated';
import { createViewer } from '../../../shared/session/testing/viewer-mocks';
import type { Viewer } from '../../../shared/session/viewer';
import { AskBackInStockDocument, type AskBackInStockMutationVariables } from '../api/notify-when-back.generated';
import { ProductPageDocument } from '../api/product-page.generated';
import { ProductPage } from '../pages/product-page';
import { createProductDetails, createSize } from '../testing/factories';
import { NotifyWhenBack } from './notify-when-back';

function askMock(
  variables: AskBackInStockMutationVariables,
  answer: {
    asked: boolean;
    channel: 'EMAIL' | 'SMS' | null;
    message: string;
    errors?: { field: string; code: string; message: string }[];
  },
): MockedResponse {
  return {
    request: { query: AskBackInStockDocument, variables },
    result: {
      data: {
        askBackInStock: {
          __typename: 'BackInStockPayload',
          ...answer,
          errors: (answer.errors ?? []).map((error) => ({ __typename: 'FieldError', ...error })),
        },
      },
    },
  };
}

const asked = 'Done. We will tell you once when this size is back.';

/** The control alone, with `viewer` already known to the cache as the header leaves it (null: a guest). */
function renderControl(viewer: Viewer | null, mocks: MockedResponse[], ui = <NotifyWhenBack variantId={43} />) {
  const cache = createCache();
  if (viewer) cache.writeQuery({ query: ViewerDocument, data: { me: viewer } });
  return render(
    <MockedProvider mocks={mocks} cache={cache} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={['/product/11?size=43']}>
        <Routes>
          <Route path="/product/:id" element={ui} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('NotifyWhenBack', () => {
  it('takes a guest’s Kenyan mobile number and says what happens next', async () => {
    const user = userEvent.setup();
    renderControl(null, [
      askMock({ variantId: 43, contact: '0712 345 678' }, { asked: true, channel: 'SMS', message: asked }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Notify me when back' }));
    await user.type(screen.getByLabelText('E-mail or Kenyan mobile number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(asked);
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason for a contact it refuses, and asks for one when none is typed', async () => {
    const user = userEvent.setup();
    const reason = 'Please enter a valid Kenyan mobile number, e.g. +254712345678';
    renderControl(null, [
      askMock(
        { variantId: 43, contact: '12345' },
        {
          asked: false,
          channel: null,
          message: reason,
          errors: [{ field: 'contact', code: 'INVALID_PHONE', message: reason }],
        },
      ),
    ]);
    await user.click(screen.getByRole('button', { name: 'Notify me when back' }));
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail or Kenyan mobile number.');
    await user.type(screen.getByLabelText('E-mail or Kenyan mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail or Kenyan mobile number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('subscribes a signed-in shopper with one tap', async () => {
    const user = userEvent.setup();
    renderControl(createViewer(), [askMock({ variantId: 43 }, { asked: true, channel: 'EMAIL', message: asked })]);
    await user.click(screen.getByRole('button', { name: 'Notify me when back' }));
    expect(await screen.findByRole('status')).toHaveTextContent(asked);
  });

  it('lets a shopper with both an e-mail and a phone choose SMS', async () => {
    const user = userEvent.setup();
    renderControl(createViewer({ phone: '+254712345678' }), [
      askMock({ variantId: 43, channel: 'SMS' }, { asked: true, channel: 'SMS', message: asked }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Notify me when back' }));
    expect(screen.getByRole('radio', { name: 'E-mail (amina@example.com)' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'SMS (+254712345678)' }));
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(asked);
  });

  it('shows on the product page for a sold-out size only, beside the spec’s disabled button', async () => {
    const user = userEvent.setup();
    const inStock = createSize({ id: 42, label: '50 ml · Eau de Parfum', quantity: 3 });
    const soldOut = createSize({ id: 43, label: '5 ml decant · Eau de Parfum', quantity: 0 });
    const product = createProductDetails({ id: 11, name: 'Amber Dusk', variants: [inStock, soldOut] });
    const page: MockedResponse = {
      request: { query: ProductPageDocument, variables: { id: 11 } },
      result: { data: { product, relatedProducts: [], ...createDeliveryTerms() } },
    };
    renderControl(null, [page], <ProductPage />);
    expect(await screen.findByRole('heading', { name: 'Amber Dusk' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notify me when back' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /50 ml/ }));
    expect(screen.queryByRole('button', { name: 'Notify me when back' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });
});
