import type { CartQuote, DeliveryOption } from './order-totals';

export interface PayOnDeliveryOffer {
  /** The location offers it at all: the choice is shown. */
  offered: boolean;
  /** The server's quote allows it for this cart: the choice can be made. */
  allowed: boolean;
  /** What the shopper reads under the choices. */
  note: string;
}

/**
 * Whether the checkout shows "Pay on delivery" for this location, read from the server's quote for the cart (issue
 * 26): the server's rule decides, here and again when the order is placed; the page only shows its answer.
 */
export function payOnDeliveryOffer(location: DeliveryOption, cart: CartQuote): PayOnDeliveryOffer {
  if (!location.payOnDelivery) return { offered: false, allowed: false, note: '' };
  const quote = cart.deliveryQuotes.find((each) => each.deliveryLocationId === location.id);
  if (quote && !quote.payOnDelivery) {
    return { offered: true, allowed: false, note: quote.payOnDeliveryRefusal ?? '' };
  }
  return {
    offered: true,
    allowed: quote !== undefined,
    note: 'Pay on delivery: pay the rider by M-Pesa or cash when it arrives.',
  };
}
