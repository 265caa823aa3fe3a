import { formatMoney } from '../format-money';

/** 'Ksh 10,000' for whole shillings (a threshold reads better without '.00'), else as prices are written. */
function formatAmount(cents: number): string {
  const money = formatMoney(cents);
  return money.endsWith('.00') ? money.slice(0, -3) : money;
}

/** The one sentence the storefront uses for the free-delivery threshold. */
export function freeDeliveryText(freeDeliveryFromCents: number): string {
  return `Free delivery on orders of ${formatAmount(freeDeliveryFromCents)} or more.`;
}

/**
 * Where a cart stands against the threshold, as the server judged it (decision 0076): the threshold sentence once
 * its goods ship free, else what more they need. The cart page's summary and the mini-cart drawer both say it, so
 * they cannot disagree.
 */
export function freeDeliveryProgressText(
  cart: { freeDelivery: boolean; freeDeliveryShortfallCents: number },
  freeDeliveryFromCents: number,
): string {
  return cart.freeDelivery
    ? freeDeliveryText(freeDeliveryFromCents)
    : `Add ${formatMoney(cart.freeDeliveryShortfallCents)} more for free delivery.`;
}

/** A stored location's promise, written the same on the product page, the cart and the shipping page. */
export function locationPromiseText(location: { feeCents: number; deliveryTime: string }): string {
  return `${formatMoney(location.feeCents)} · ${location.deliveryTime}`;
}
