import { formatKsh } from '../../shared/money';

/** A delivery location's pay-on-delivery terms, as the owner set them. */
export interface PayOnDeliveryTerms {
  name: string;
  payOnDelivery: boolean;
  /** The largest order total, in cents, that may be paid at the door. */
  maxCents: number;
}

export type PayOnDeliveryRefusal = {
  code: 'PAY_ON_DELIVERY_UNAVAILABLE' | 'PAY_ON_DELIVERY_LIMIT';
  message: string;
};

/**
 * Why an order of this total delivered to this location cannot be paid at the door, or null when it can (issue
 * 26): the owner switches it on per location, up to a maximum total, since a rider carries the goods unpaid.
 */
export function payOnDeliveryRefusal(terms: PayOnDeliveryTerms, totalCents: number): PayOnDeliveryRefusal | null {
  if (!terms.payOnDelivery) {
    return {
      code: 'PAY_ON_DELIVERY_UNAVAILABLE',
      message: `Pay on delivery is not offered for ${terms.name}. Please pay by M-Pesa or card.`,
    };
  }
  if (totalCents > terms.maxCents) {
    return {
      code: 'PAY_ON_DELIVERY_LIMIT',
      message: `Pay on delivery is for orders up to ${formatKsh(terms.maxCents)}. Please pay this one by M-Pesa or card.`,
    };
  }
  return null;
}
