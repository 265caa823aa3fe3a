import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoveCartItemDocument, UpdateCartItemDocument } from '../api/cart-page.generated';
import { type CartContentsFragment } from '../../../shared/cart/cart.generated';
import { cartMock, cartPayload, createCart, createCartLine } from '../../../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { deliveryLocationsMock, renderCartScreen } from '../testing/render-cart';
import { CartPage } from './cart-page';

function renderCart(cart: CartContentsFragment, more: Parameters<typeof renderCartScreen>[1] = []) {
  const user = userEvent.setup();
  renderCartScreen(<CartPage />, [viewerMock(createViewer()), cartMock(cart), deliveryLocationsMock(), ...more]);
  return user;
}

/** The value next to a label in the Order Summary. */
function summary(label: string): string {
  const term = within(screen.getByRole('complementary', { name: 'Order Summary' })).getByText(label, {
    selector: 'dt',
  });
  return term.nextElementSibling?.textContent ?? '';
}

const checkoutButton = () =>
  within(screen.getByRole('complementary', { name: 'Order Summary' })).getByRole('button', {
    name: /Select Delivery Location|Proceed to Checkout/,
  });

describe('CartPage', () => {
  it('shows the empty state with a way back to the shop', async () => {
    renderCart(createCart([]));

    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('complementary', { name: 'Order Summary' })).not.toBeInTheDocument();
  });

  it("focuses the Order Summary when opened by the mini-cart's Checkout (/cart#order-summary)", async () => {
    renderCartScreen(
      <CartPage />,
      [viewerMock(createViewer()), cartMock(createCart([createCartLine()])), deliveryLocationsMock()],
      {
        route: '/cart#order-summary',
      },
    );

    const summaryBox = await screen.findByRole('complementary', { name: 'Order Summary' });
    await waitFor(() => expect(summaryBox).toHaveFocus());
  });

  it('leaves focus alone when opened without the fragment', async () => {
    renderCart(createCart([createCartLine()]));

    await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(document.body).toHaveFocus();
  });

  it('tells two sizes of one perfume apart: each line names its size', async () => {
    const product = { id: 7, name: 'Oud Royale', category: 'FOR MEN' };
    const bottle = createCartLine({ product, variant: { id: 70, label: '100 ml · Eau de Parfum' } });
    const decant = createCartLine({
      product,
      variant: { id: 71, label: '5 ml decant · Eau de Parfum' },
      unitPriceCents: 90000,
      quantity: 3,
    });
    renderCart(createCart([bottle, decant]));

    const decantRow = await screen.findByRole('listitem', { name: 'Oud Royale (5 ml decant · Eau de Parfum)' });
    expect(within(decantRow).getByText('5 ml decant · Eau de Parfum')).toBeInTheDocument();
    expect(decantRow).toHaveTextContent('Ksh 900.00 × 3 = Ksh 2,700.00');
    expect(screen.getByRole('listitem', { name: 'Oud Royale (100 ml · Eau de Parfum)' })).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Quantity of Oud Royale (5 ml decant · Eau de Parfum)' }),
    ).toBeInTheDocument();
  });

  it('lists each line with image, name, category and unit × quantity = line total', async () => {
    const line = createCartLine({
      quantity: 2,
      unitPriceCents: 345050,
      product: { name: 'Oud Royale', category: 'FOR MEN' },
    });
    renderCart(createCart([line]));

    const row = await screen.findByRole('listitem', { name: 'Oud Royale' });
    expect(within(row).getByRole('img', { name: 'Oud Royale' })).toHaveAttribute('src', line.product.images[0]!.url);
    expect(within(row).getByRole('link', { name: 'Oud Royale' })).toHaveAttribute(
      'href',
      `/product/${line.product.id}`,
    );
    expect(row).toHaveTextContent('FOR MEN');
    expect(row).toHaveTextContent('Ksh 3,450.50 × 2 = Ksh 6,901.00');
  });

  it('keeps minus disabled at 1 and raises the quantity with plus, the row busy meanwhile', async () => {
    const line = createCartLine({ quantity: 1, unitPriceCents: 250000, product: { name: 'Amber Nights' } });
    const updated = { ...line, quantity: 2, lineTotalCents: 500000 };
    const user = renderCart(createCart([line]), [
      {
        request: { query: UpdateCartItemDocument, variables: { id: line.id, quantity: 2 } },
        result: { data: { updateCartItem: cartPayload(createCart([updated])) } },
        delay: 50,
      },
    ]);

    const row = await screen.findByRole('listitem', { name: 'Amber Nights' });
    expect(within(row).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(within(row).getByRole('status', { name: 'Updating Amber Nights' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();

    await waitFor(() => expect(row).toHaveTextContent('Ksh 2,500.00 × 2 = Ksh 5,000.00'));
    expect(within(row).queryByRole('status', { name: 'Updating Amber Nights' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
    expect(summary('Subtotal')).toBe('Ksh 5,000.00');
  });

  it('removes a line, and shows the empty state when the last one goes', async () => {
    const keep = createCartLine({ product: { name: 'Citrus Bloom' } });
    const drop = createCartLine({ product: { name: 'Vanilla Musk' } });
    const user = renderCart(createCart([keep, drop]), [
      {
        request: { query: RemoveCartItemDocument, variables: { id: drop.id } },
        result: { data: { removeCartItem: cartPayload(createCart([keep])) } },
      },
      {
        request: { query: RemoveCartItemDocument, variables: { id: keep.id } },
        result: { data: { removeCartItem: cartPayload(createCart([])) } },
      },
    ]);

    const dropRow = await screen.findByRole('listitem', { name: 'Vanilla Musk' });
    await user.click(within(dropRow).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Vanilla Musk' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Citrus Bloom' })).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('listitem', { name: 'Citrus Bloom' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it("shows the server's reason when an update is refused and re-reads the cart", async () => {
    const line = createCartLine({ quantity: 1, product: { name: 'Rose Oud' } });
    const refetched = jest.fn(() => ({ data: { cart: createCart([line]) } }));
    const user = renderCart(createCart([line]), [
      {
        request: { query: UpdateCartItemDocument, variables: { id: line.id, quantity: 2 } },
        result: {
          data: {
            updateCartItem: cartPayload(null, [
              { field: 'quantity', code: 'OUT_OF_STOCK', message: 'Only 1 of Rose Oud left in stock.' },
            ]),
          },
        },
      },
      cartMock(createCart([line]), { result: refetched }),
    ]);

    const row = await screen.findByRole('listitem', { name: 'Rose Oud' });
    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 of Rose Oud left in stock.');
    await waitFor(() => expect(refetched).toHaveBeenCalled());
    expect(row).toHaveTextContent('× 1 =');
  });

  it('keeps Proceed to Checkout disabled until a delivery location is chosen, then prices it', async () => {
    const user = renderCart(createCart([createCartLine({ quantity: 2, unitPriceCents: 250000 })]));

    await screen.findByRole('radio', { name: /Outside Nairobi/ });
    expect(checkoutButton()).toHaveTextContent('Select Delivery Location');
    expect(checkoutButton()).toBeDisabled();
    expect(summary('Subtotal')).toBe('Ksh 5,000.00');
    expect(summary('Total')).toBe('Ksh 5,000.00');

    await user.click(screen.getByRole('radio', { name: /Outside Nairobi/ }));

    expect(checkoutButton()).toHaveTextContent('Proceed to Checkout');
    expect(checkoutButton()).toBeEnabled();
    expect(summary('Shipping')).toBe('Ksh 550.00');
    expect(summary('Estimated Delivery')).toBe('3-5 business days');
    expect(summary('Total')).toBe('Ksh 5,550.00');

    await user.click(screen.getByRole('radio', { name: /CBD collection point/ }));
    expect(summary('Shipping')).toBe('Ksh 120.00');
    expect(summary('Estimated Delivery')).toBe('1-3 business days');
    expect(summary('Total')).toBe('Ksh 5,120.00');
  });

  it('makes delivery free from a Ksh 10,000 subtotal', async () => {
    const user = renderCart(createCart([createCartLine({ quantity: 4, unitPriceCents: 250000 })]));

    await user.click(await screen.findByRole('radio', { name: /Outside Nairobi/ }));

    expect(summary('Subtotal')).toBe('Ksh 10,000.00');
    expect(summary('Shipping')).toBe('Free');
    expect(summary('Total')).toBe('Ksh 10,000.00');
    expect(screen.getByText('Free delivery on orders of Ksh 10,000 or more.')).toBeInTheDocument();
  });

  it("shows the server's quote for the chosen location, adding and judging nothing itself", async () => {
    // Figures no client-side sum would give: the page must show the server's own (decision 0076).
    const cart = {
      ...createCart([createCartLine({ quantity: 1, unitPriceCents: 500000 })]),
      freeDelivery: false,
      freeDeliveryShortfallCents: 123_456,
      deliveryQuotes: [
        {
          __typename: 'CartDeliveryQuote' as const,
          deliveryLocationId: 4,
          shippingFeeCents: 77_700,
          totalCents: 577_701,
          payOnDelivery: false,
          payOnDeliveryRefusal: 'Pay on delivery is not offered for Outside Nairobi. Please pay by M-Pesa or card.',
        },
      ],
    };
    const user = renderCart(cart);

    await user.click(await screen.findByRole('radio', { name: /Outside Nairobi/ }));

    expect(summary('Shipping')).toBe('Ksh 777.00');
    expect(summary('Total')).toBe('Ksh 5,777.01');
    expect(screen.getByText('Add Ksh 1,234.56 more for free delivery.')).toBeInTheDocument();
  });

  it('charges delivery just below Ksh 10,000', async () => {
    const user = renderCart(createCart([createCartLine({ quantity: 1, unitPriceCents: 999999 })]));

    await user.click(await screen.findByRole('radio', { name: /Kilimani/ }));

    expect(summary('Shipping')).toBe('Ksh 200.00');
    expect(summary('Total')).toBe('Ksh 10,199.99');
    expect(screen.getByText('Add Ksh 0.01 more for free delivery.')).toBeInTheDocument();
  });

  it('says how much more makes delivery free, before a location is chosen too', async () => {
    renderCart(createCart([createCartLine({ quantity: 1, unitPriceCents: 730000 })]));

    expect(await screen.findByText('Add Ksh 2,700.00 more for free delivery.')).toBeInTheDocument();
  });

  it('opens the checkout once a location is chosen', async () => {
    const user = renderCart(createCart([createCartLine()]));

    await user.click(await screen.findByRole('radio', { name: /South B/ }));
    await user.click(checkoutButton());

    expect(await screen.findByRole('dialog', { name: 'Shipping Information' })).toBeInTheDocument();
  });
});
