import type { CartContentsFragment } from '../../shared/cart/cart.generated';

export interface DeliveryOption {
  id: number;
  name: string;
  feeCents: number;
  deliveryTime: string;
  /** Whether the location offers pay on delivery (issue 26); absent where a page did not ask for it. */
  payOnDelivery?: boolean;
}

/** The server's figures for the cart: its subtotal, discount, free delivery and a quote per location. */
export type CartQuote = Pick<
  CartContentsFragment,
  'subtotalCents' | 'discountCents' | 'discountedSubtotalCents' | 'freeDelivery' | 'deliveryQuotes'
>;

interface OrderTotals {
  subtotalCents: number;
  /** What the applied discount code takes off (the server's figure). */
  discountCents: number;
  /** null until a delivery location is chosen (and the goods do not ship free). */
  shippingCents: number | null;
  freeDelivery: boolean;
  /** null while the cart has no quote for the chosen location (a location newer than the cart): never a guess. */
  totalCents: number | null;
}

/**
 * What the summary shows: the server's quote for the chosen location, picked, never summed or judged here
 * (decision 0076), so the shopper sees what checkout will charge. Before a location is chosen, the total is the
 * goods after the discount.
 */
export function orderTotals(cart: CartQuote, location: DeliveryOption | null): OrderTotals {
  const quote = location ? cart.deliveryQuotes.find((each) => each.deliveryLocationId === location.id) : undefined;
  return {
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    shippingCents: quote?.shippingFeeCents ?? null,
    freeDelivery: cart.freeDelivery,
    totalCents: quote ? quote.totalCents : location ? null : cart.discountedSubtotalCents,
  };
}
