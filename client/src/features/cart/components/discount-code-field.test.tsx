import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplyDiscountCodeDocument, RemoveDiscountCodeDocument } from '../api/cart-page.generated';
import { cartMock, cartPayload, createCart, createCartLine } from '../../../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { deliveryLocationsMock, renderCartScreen } from '../testing/render-cart';
import { CartPage } from '../pages/cart-page';

const line = createCartLine({ id: 1, unitPriceCents: 420_000, product: { id: 2, name: 'Cedar Ridge' } });
const plain = createCart([line]);
const discounted = createCart([line], '7', { code: 'KARIBU15', cents: 63_000 });

const summaryBox = () => screen.getByRole('complementary', { name: 'Order Summary' });

describe('the discount code field', () => {
  it('applies a code, shows the server’s refusal, shows the discount line and removes the code', async () => {
    const user = userEvent.setup();
    renderCartScreen(<CartPage />, [
      viewerMock(createViewer()),
      cartMock(plain),
      deliveryLocationsMock(),
      {
        request: { query: ApplyDiscountCodeDocument, variables: { code: 'OLDCODE' } },
        result: {
          data: {
            applyDiscountCode: cartPayload(null, [
              { field: 'discountCode', code: 'DISCOUNT_EXPIRED', message: 'This discount code has expired.' },
            ]),
          },
        },
      },
      {
        request: { query: ApplyDiscountCodeDocument, variables: { code: 'karibu15' } },
        result: { data: { applyDiscountCode: cartPayload(discounted) } },
      },
      {
        request: { query: RemoveDiscountCodeDocument },
        result: { data: { removeDiscountCode: cartPayload(plain) } },
      },
    ]);

    const field = await screen.findByRole('textbox', { name: 'Discount code' });
    await user.type(field, 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This discount code has expired.');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'karibu15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const removeButton = await within(summaryBox()).findByRole('button', { name: 'Remove' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(summaryBox()).getByText('KARIBU15')).toBeInTheDocument();
    const term = within(summaryBox()).getByText('Discount (KARIBU15)', { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('−Ksh 630.00');

    await user.click(removeButton);
    expect(await screen.findByRole('textbox', { name: 'Discount code' })).toHaveValue('');
    expect(within(summaryBox()).queryByText('Discount (KARIBU15)')).not.toBeInTheDocument();
  });

  it('judges free delivery after the discount in the summary', async () => {
    // Ksh 10,500 less Ksh 1,050 is under the Ksh 10,000 threshold: delivery is not free.
    const big = createCartLine({ id: 3, unitPriceCents: 1_050_000 });
    const user = userEvent.setup();
    renderCartScreen(<CartPage />, [
      viewerMock(createViewer()),
      cartMock(createCart([big], '7', { code: 'TEN', cents: 105_000 })),
      deliveryLocationsMock(),
    ]);
    await user.click(await screen.findByRole('radio', { name: /Outside Nairobi/ }));
    const total = within(summaryBox()).getByText('Total', { selector: 'dt' });
    expect(total.nextElementSibling).toHaveTextContent('Ksh 10,000.00');
    expect(within(summaryBox()).getByText(/Add Ksh 550.00 more for free delivery/)).toBeInTheDocument();
  });
});
