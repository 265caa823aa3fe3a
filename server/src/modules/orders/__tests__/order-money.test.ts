import {
  deliveryFeeCents,
  discountedSubtotalCents,
  freeDeliveryFromCents,
  freeDeliveryShortfallCents,
  lineTotalCents,
  orderTotals,
  shipsFree,
  subtotalCents,
  unitPriceCents,
} from '../order-money';

// Pure rules, no database: these also run under `npm run test:mutation` (decision 0076).
describe('the unit price', () => {
  it('is the sale price while the product is on sale with one', () => {
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: 720_000, onSale: true })).toBe(720_000);
    // The smallest sale price there is still counts.
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: 1, onSale: true })).toBe(1);
  });

  it('is the regular price when not on sale, or on sale without a price above zero', () => {
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: 720_000, onSale: false })).toBe(850_000);
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: null, onSale: true })).toBe(850_000);
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: 0, onSale: true })).toBe(850_000);
    expect(unitPriceCents({ priceCents: 850_000, salePriceCents: null, onSale: false })).toBe(850_000);
  });
});

describe('line total and subtotal', () => {
  it('multiplies the unit price by the quantity', () => {
    expect(lineTotalCents(420_000, 3)).toBe(1_260_000);
    expect(lineTotalCents(420_000, 1)).toBe(420_000);
  });

  it('adds up the lines, 0 for none', () => {
    expect(subtotalCents([])).toBe(0);
    expect(subtotalCents([{ lineTotalCents: 420_000 }, { lineTotalCents: 640_000 }])).toBe(1_060_000);
  });

  it('takes the discount off the goods', () => {
    expect(discountedSubtotalCents(1_260_000, 260_000)).toBe(1_000_000);
    expect(discountedSubtotalCents(1_260_000, 0)).toBe(1_260_000);
  });
});

describe('delivery', () => {
  it('is free from exactly Ksh 10,000 of goods', () => {
    expect(freeDeliveryFromCents).toBe(1_000_000);
    expect(shipsFree(999_999)).toBe(false);
    expect(shipsFree(1_000_000)).toBe(true);
    expect(shipsFree(1_000_001)).toBe(true);
  });

  it("costs the location's fee below the threshold and nothing from it", () => {
    expect(deliveryFeeCents(999_999, 55_000)).toBe(55_000);
    expect(deliveryFeeCents(1_000_000, 55_000)).toBe(0);
    expect(deliveryFeeCents(0, 12_000)).toBe(12_000);
  });

  it('says what more the goods need, 0 from the threshold on', () => {
    expect(freeDeliveryShortfallCents(0)).toBe(1_000_000);
    expect(freeDeliveryShortfallCents(999_999)).toBe(1);
    expect(freeDeliveryShortfallCents(1_000_000)).toBe(0);
    expect(freeDeliveryShortfallCents(1_000_001)).toBe(0);
  });
});

describe("an order's totals", () => {
  it('judge free delivery after the discount: exactly Ksh 10,000 left ships free', () => {
    expect(orderTotals(1_260_000, 260_000, 55_000)).toEqual({
      subtotalCents: 1_260_000,
      discountCents: 260_000,
      discountedSubtotalCents: 1_000_000,
      shippingFeeCents: 0,
      totalCents: 1_000_000,
    });
  });

  it('charge the fee when the discount takes the goods a cent under the threshold', () => {
    expect(orderTotals(1_260_000, 260_001, 55_000)).toEqual({
      subtotalCents: 1_260_000,
      discountCents: 260_001,
      discountedSubtotalCents: 999_999,
      shippingFeeCents: 55_000,
      totalCents: 1_054_999,
    });
  });

  it('charge the fee on goods under the threshold with no discount', () => {
    expect(orderTotals(840_000, 0, 55_000)).toMatchObject({ shippingFeeCents: 55_000, totalCents: 895_000 });
  });
});
