/**
 * The shop's money rules for an order, each once, as pure functions of plain integer cents (decision 0076):
 * checkout charges by them, and the cart, the product page, structured data and e-mails show their answers, never
 * a copy of the rule. Mutation-tested (`npm run test:mutation`).
 */

/** Spec §9: delivery is free when the goods, after any discount, come to Ksh 10,000 or more (decision 0056). */
export const freeDeliveryFromCents = 1_000_000;

export interface Prices {
  /** Regular price. */
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
}

/**
 * What one unit sells at: the sale price while the product is on sale and has a price above zero, else the
 * regular price. The products table keeps the same rule as a generated column for sorting (migration 0011).
 */
export function unitPriceCents(prices: Prices): number {
  const saleCents = prices.salePriceCents ?? 0;
  return prices.onSale && saleCents > 0 ? saleCents : prices.priceCents;
}

export function lineTotalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

export function subtotalCents(lines: readonly { lineTotalCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
}

/** Whether goods worth this much (after any discount) are delivered free, wherever they go. */
export function shipsFree(goodsCents: number): boolean {
  return goodsCents >= freeDeliveryFromCents;
}

/** What delivery costs for goods worth this much (after any discount) to a location with this fee. */
export function deliveryFeeCents(goodsCents: number, locationFeeCents: number): number {
  return shipsFree(goodsCents) ? 0 : locationFeeCents;
}

/** What more the goods need for free delivery; 0 once they have it. */
export function freeDeliveryShortfallCents(goodsCents: number): number {
  return shipsFree(goodsCents) ? 0 : freeDeliveryFromCents - goodsCents;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  /** Subtotal less the discount: what free delivery is judged on. */
  discountedSubtotalCents: number;
  shippingFeeCents: number;
  totalCents: number;
}

/** What the goods come to after the discount: what free delivery is judged on (decision 0056). */
export function discountedSubtotalCents(goodsCents: number, discountCents: number): number {
  return goodsCents - discountCents;
}

/** An order's figures from its goods, its discount and its location's fee: checkout's and the cart's quote. */
export function orderTotals(goodsCents: number, discountCents: number, locationFeeCents: number): OrderTotals {
  const discounted = discountedSubtotalCents(goodsCents, discountCents);
  const shippingFeeCents = deliveryFeeCents(discounted, locationFeeCents);
  return {
    subtotalCents: goodsCents,
    discountCents,
    discountedSubtotalCents: discounted,
    shippingFeeCents,
    totalCents: discounted + shippingFeeCents,
  };
}
