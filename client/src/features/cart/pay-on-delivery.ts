import { formatMoney } from '../../shared/format-money';
import type { DeliveryOption } from './order-totals';

export interface PayOnDeliveryOffer {
  /** The location offers it at all: the choice is shown. */
  offered: boolean;
  /** This order's total is within the location's maximum: the choice can be made. */
  allowed: boolean;
  /** What the shopper reads under the choices. */
  note: string;
}

/**
 * Whether the checkout shows "Pay on delivery" for this location and total, from the server's terms (issue 26). The
 * server decides again when the order is placed; this only spares the shopper a choice it would refuse.
 */
export function payOnDeliveryOffer(location: DeliveryOption, totalCents: number | null): PayOnDeliveryOffer {
  if (!location.payOnDelivery) return { offered: false, allowed: false, note: '' };
  const maxCents = location.payOnDeliveryMaxCents ?? 0;
  if (totalCents !== null && totalCents > maxCents) {
    return {
      offered: true,
      allowed: false,
      note: `Pay on delivery is for orders up to ${formatMoney(maxCents)}. Please pay this one by M-Pesa or card.`,
    };
  }
  return { offered: true, allowed: true, note: 'Pay on delivery: pay the rider by M-Pesa or cash when it arrives.' };
}
