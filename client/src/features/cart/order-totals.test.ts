import { orderTotals, type CartQuote } from './order-totals';

const nairobi = { id: 1, name: 'Nairobi CBD', feeCents: 20_000, deliveryTime: 'Same day' };
const mombasa = { id: 4, name: 'Mombasa', feeCents: 55_000, deliveryTime: '2-3 days' };

// Figures no client-side sum gives (the server's quote is what counts): 1 + 2 ≠ 7.
const cart: CartQuote = {
  subtotalCents: 900_000,
  discountCents: 50_000,
  discountedSubtotalCents: 850_000,
  freeDelivery: false,
  deliveryQuotes: [
    {
      __typename: 'CartDeliveryQuote',
      deliveryLocationId: 1,
      shippingFeeCents: 20_000,
      totalCents: 870_123,
      payOnDelivery: true,
      payOnDeliveryRefusal: null,
    },
  ],
};

describe('orderTotals', () => {
  it('shows the goods after the discount before a location is chosen', () => {
    expect(orderTotals(cart, null)).toMatchObject({ shippingCents: null, totalCents: 850_000, discountCents: 50_000 });
  });

  it("picks the server's quote for the chosen location, never a sum of its own", () => {
    expect(orderTotals(cart, nairobi)).toMatchObject({ shippingCents: 20_000, totalCents: 870_123 });
  });

  it('shows no total for a location the cart has no quote for, rather than the goods without delivery', () => {
    expect(orderTotals(cart, mombasa)).toMatchObject({ shippingCents: null, totalCents: null });
  });
});
