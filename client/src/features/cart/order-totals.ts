/** SPEC §9: delivery is free from Ksh 10,000 of goods (in cents). The server decides what it charges. */
const FREE_DELIVERY_FROM_CENTS = 1_000_000;

export interface DeliveryOption {
  id: number;
  name: string;
  feeCents: number;
  deliveryTime: string;
}

interface OrderTotals {
  subtotalCents: number;
  /** null until a delivery location is chosen (and the subtotal does not make delivery free). */
  shippingCents: number | null;
  freeDelivery: boolean;
  /** What more in goods makes delivery free; 0 once it is. */
  freeDeliveryShortfallCents: number;
  totalCents: number;
}

export function orderTotals(subtotalCents: number, location: DeliveryOption | null): OrderTotals {
  const freeDelivery = subtotalCents >= FREE_DELIVERY_FROM_CENTS;
  const shippingCents = freeDelivery ? 0 : (location?.feeCents ?? null);
  return {
    subtotalCents,
    shippingCents,
    freeDelivery,
    freeDeliveryShortfallCents: Math.max(FREE_DELIVERY_FROM_CENTS - subtotalCents, 0),
    totalCents: subtotalCents + (shippingCents ?? 0),
  };
}
