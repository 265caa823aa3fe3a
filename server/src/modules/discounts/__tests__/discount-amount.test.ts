import { DiscountKind } from '../discount-code.entity';
import { discountCentsFor } from '../discount-amount';
import type { DiscountWithUsage } from '../discount-rules';
import { AppError } from '../../../core/errors';

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

const line = (lineTotalCents: number, productId = 1, categoryIds: number[] = []) => ({
  productId,
  categoryIds,
  lineTotalCents,
});

/** The field error a refused code answers with: its field, code and message. */
function refusal(discount: DiscountWithUsage, lines = [line(1000)], now?: Date) {
  try {
    discountCentsFor(discount, lines, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.fieldErrors[0];
  }
  throw new Error('the code was not refused');
}

// Every refusal and bound, at the value it turns on: these also run under `npm run test:mutation` (decision 0076).
describe('when a code applies', () => {
  it('refuses an inactive code as unknown', () => {
    expect(refusal({ ...base, active: false })).toEqual({
      field: 'discountCode',
      code: 'DISCOUNT_UNKNOWN',
      message: 'This discount code does not exist.',
    });
  });

  it("refuses another account's code, whatever the case of the shopper's e-mail", () => {
    const personal = { ...base, email: 'shopper@example.co.ke' };
    expect(discountCentsFor({ ...personal, customer_email: 'Shopper@Example.co.ke' }, [line(1000)])).toBe(150);
    expect(refusal({ ...personal, customer_email: 'other@example.co.ke' })).toMatchObject({
      code: 'DISCOUNT_OTHER_ACCOUNT',
      message: 'This discount code belongs to another account.',
    });
  });

  it('is valid from its start to just before its end', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    expect(discountCentsFor({ ...base, starts_at: at }, [line(1000)], at)).toBe(150);
    expect(refusal({ ...base, starts_at: at }, [line(1000)], new Date(at.getTime() - 1))).toMatchObject({
      code: 'DISCOUNT_NOT_YET_VALID',
      message: 'This discount code is not valid yet.',
    });
    expect(discountCentsFor({ ...base, ends_at: at }, [line(1000)], new Date(at.getTime() - 1))).toBe(150);
    expect(refusal({ ...base, ends_at: at }, [line(1000)], at)).toMatchObject({
      code: 'DISCOUNT_EXPIRED',
      message: 'This discount code has expired.',
    });
  });

  it('is used up at its limit, not before', () => {
    expect(discountCentsFor({ ...base, max_uses: 5, uses: 4 }, [line(1000)])).toBe(150);
    expect(refusal({ ...base, max_uses: 5, uses: 5 })).toMatchObject({
      code: 'DISCOUNT_USED_UP',
      message: 'This discount code has been used up.',
    });
    expect(discountCentsFor({ ...base, max_uses: null, uses: 1000 }, [line(1000)])).toBe(150);
  });

  it("is refused at the shopper's own limit, not before", () => {
    expect(discountCentsFor({ ...base, max_uses_per_customer: 2, customer_uses: 1 }, [line(1000)])).toBe(150);
    expect(refusal({ ...base, max_uses_per_customer: 2, customer_uses: 2 })).toMatchObject({
      code: 'DISCOUNT_ALREADY_USED',
      message: 'You have already used this discount code.',
    });
    expect(discountCentsFor({ ...base, max_uses_per_customer: null, customer_uses: 9 }, [line(1000)])).toBe(150);
  });

  it('keeps a first-order code to shoppers with no order yet', () => {
    expect(discountCentsFor({ ...base, first_order_only: true, customer_orders: 0 }, [line(1000)])).toBe(150);
    expect(refusal({ ...base, first_order_only: true, customer_orders: 1 })).toMatchObject({
      code: 'DISCOUNT_FIRST_ORDER_ONLY',
      message: 'This discount code is for a first order only.',
    });
    expect(discountCentsFor({ ...base, first_order_only: false, customer_orders: 3 }, [line(1000)])).toBe(150);
  });

  it('is refused when no line is eligible', () => {
    expect(refusal({ ...base, product_ids: [7] }, [line(1000, 8, [3])])).toMatchObject({
      code: 'DISCOUNT_NOT_APPLICABLE',
      message: 'This discount code does not apply to the items in your cart.',
    });
    expect(refusal({ ...base, category_ids: [3] }, [line(1000, 7, [4])])).toMatchObject({
      code: 'DISCOUNT_NOT_APPLICABLE',
    });
  });

  it('applies by product alone or by category alone', () => {
    expect(discountCentsFor({ ...base, value: 10, product_ids: [7] }, [line(1000, 7), line(5000, 8)])).toBe(100);
    expect(discountCentsFor({ ...base, value: 10, category_ids: [3] }, [line(1000, 7, [2, 3]), line(5000, 8)])).toBe(
      100,
    );
  });

  it('judges the minimum on the whole subtotal, met at exactly the minimum', () => {
    const minimum = { ...base, min_subtotal_cents: 5000, product_ids: [7] };
    expect(discountCentsFor(minimum, [line(1000, 7), line(4000, 8)])).toBe(150);
    expect(refusal(minimum, [line(1000, 7), line(3999, 8)])).toEqual({
      field: 'discountCode',
      code: 'DISCOUNT_MINIMUM_NOT_MET',
      message: 'Spend at least Ksh 50.00 to use this code.',
    });
  });
});

describe('a fixed amount', () => {
  it('takes its value, never more than the eligible lines cost', () => {
    const fixed = { ...base, kind: DiscountKind.FIXED, value: 50_000 };
    expect(discountCentsFor(fixed, [line(80_000)])).toBe(50_000);
    expect(discountCentsFor(fixed, [line(50_000)])).toBe(50_000);
    expect(discountCentsFor(fixed, [line(30_000)])).toBe(30_000);
  });
});
