import { DiscountKind } from '../discount-code.entity';
import { discountCentsFor, type DiscountWithUsage } from '../discount-rules';

const base: DiscountWithUsage = {
  id: 1,
  code: 'TEST',
  kind: DiscountKind.PERCENT,
  value: 15,
  min_subtotal_cents: 0,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_customer: null,
  first_order_only: false,
  category_ids: [],
  product_ids: [],
  active: true,
  email: null,
  uses: 0,
  customer_uses: 0,
  customer_orders: 0,
  customer_email: 'shopper@example.co.ke',
};

describe('the discount amount', () => {
  it('rounds a percentage of the eligible lines half up, once per order', () => {
    // 15% of 333 cents = 49.95 → 50; 15% of 330 = 49.5 → 50; 15% of 329 = 49.35 → 49.
    expect(discountCentsFor(base, [{ productId: 1, categoryIds: [], lineTotalCents: 333 }])).toBe(50);
    expect(
      discountCentsFor(base, [
        { productId: 1, categoryIds: [], lineTotalCents: 165 },
        { productId: 2, categoryIds: [], lineTotalCents: 165 },
      ]),
    ).toBe(50);
    expect(discountCentsFor(base, [{ productId: 1, categoryIds: [], lineTotalCents: 329 }])).toBe(49);
  });

  it('counts only lines of the named products or categories', () => {
    const restricted = { ...base, value: 50, product_ids: [7], category_ids: [3] };
    const lines = [
      { productId: 7, categoryIds: [1], lineTotalCents: 1000 },
      { productId: 8, categoryIds: [3], lineTotalCents: 2000 },
      { productId: 9, categoryIds: [1], lineTotalCents: 4000 },
    ];
    expect(discountCentsFor(restricted, lines)).toBe(1500);
  });

  it('judges the dates against the time given', () => {
    const window = { ...base, starts_at: new Date('2030-01-01T00:00:00Z'), ends_at: new Date('2030-02-01T00:00:00Z') };
    const line = [{ productId: 1, categoryIds: [], lineTotalCents: 1000 }];
    expect(() => discountCentsFor(window, line, new Date('2029-12-31T23:59:59Z'))).toThrow('not valid yet');
    expect(discountCentsFor(window, line, new Date('2030-01-15T00:00:00Z'))).toBe(150);
    expect(() => discountCentsFor(window, line, new Date('2030-02-01T00:00:00Z'))).toThrow('has expired');
  });
});
