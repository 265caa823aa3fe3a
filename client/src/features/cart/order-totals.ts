export interface DeliveryOption {
  id: number;
  name: string;
  feeCents: number;
  deliveryTime: string;
}

interface OrderTotals {
  subtotalCents: number;
  /** What the applied discount code takes off (the server's figure). */
  discountCents: number;
  /** null until a delivery location is chosen (and the subtotal does not make delivery free). */
  shippingCents: number | null;
  freeDelivery: boolean;
  totalCents: number;
}

/**
 * What the summary shows before the server prices the order. `freeDeliveryFromCents` is the server's threshold
 * (null until it has answered: nothing is promised free before then).
 */
export function orderTotals(
  subtotalCents: number,
  location: DeliveryOption | null,
  freeDeliveryFromCents: number | null,
  discountCents = 0,
): OrderTotals {
  // Judged after the discount, as the server does (decision 0056).
  const freeDelivery = freeDeliveryFromCents !== null && subtotalCents - discountCents >= freeDeliveryFromCents;
  const shippingCents = freeDelivery ? 0 : (location?.feeCents ?? null);
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    freeDelivery,
    totalCents: subtotalCents - discountCents + (shippingCents ?? 0),
  };
}
