import { AppError, type FieldErrorCode } from '../../core/errors';
import { formatKsh } from '../../shared/money';
import { DiscountKind } from './discount-code.entity';

/** A discount code row as SQL reads it, with how often it has been used (decision 0056). */
export interface DiscountRow {
  id: number;
  code: string;
  kind: DiscountKind;
  value: number;
  min_subtotal_cents: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  first_order_only: boolean;
  category_ids: number[];
  product_ids: number[];
  active: boolean;
  email: string | null;
}

export interface DiscountUsage {
  /** Orders placed with the code and not cancelled. */
  uses: number;
  /** Of those, the shopper's. */
  customer_uses: number;
  /** The shopper's orders that are not cancelled, with any code or none. */
  customer_orders: number;
  customer_email: string;
}

/** A priced cart line, with what a restricted code looks at. */
export interface DiscountLine {
  productId: number;
  categoryIds: number[];
  lineTotalCents: number;
}

export const discountField = 'discountCode';

export const discountMessages = {
  unknown: 'This discount code does not exist.',
  expired: 'This discount code has expired.',
  notYetValid: 'This discount code is not valid yet.',
  usedUp: 'This discount code has been used up.',
  alreadyUsed: 'You have already used this discount code.',
  firstOrderOnly: 'This discount code is for a first order only.',
  notApplicable: 'This discount code does not apply to the items in your cart.',
  otherAccount: 'This discount code belongs to another account.',
  minimum: (cents: number) => `Spend at least ${formatKsh(cents)} to use this code.`,
};

export function discountError(code: FieldErrorCode, message: string): AppError {
  return AppError.field(discountField, code, message);
}

export const unknownCode = () => discountError('DISCOUNT_UNKNOWN', discountMessages.unknown);

/** Codes are compared upper-case with the spaces a shopper may paste around them gone. */
export function normaliseCode(value: unknown): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/**
 * The columns of `discount_codes d` and its usage by one shopper (`?` = the user id, three times). The counts use
 * the (discount_code_id, user_id) index; an order counts as a use until it is cancelled.
 */
export const discountUsageColumns = `d.id, d.code, d.kind, d.value, d.min_subtotal_cents, d.starts_at, d.ends_at,
  d.max_uses, d.max_uses_per_customer, d.first_order_only, d.category_ids, d.product_ids, d.active, d.email,
  (select count(*)::int from orders o where o.discount_code_id = d.id and o.status <> 'cancelled') as uses,
  (select count(*)::int from orders o
     where o.discount_code_id = d.id and o.user_id = ? and o.status <> 'cancelled') as customer_uses,
  (select count(*)::int from orders o where o.user_id = ? and o.status <> 'cancelled') as customer_orders,
  (select email from users where id = ?) as customer_email`;

export type DiscountWithUsage = DiscountRow & DiscountUsage;

/** The shopper's applied code with its usage: a statement with `appliedDiscountParameters(userId)`. */
export const appliedDiscountSql = `select ${discountUsageColumns}
  from cart_discount_codes cd join discount_codes d on d.id = cd.discount_code_id where cd.user_id = ?`;

export const appliedDiscountParameters = (userId: string) => [userId, userId, userId, userId];

/**
 * What the code takes off these lines, or the refusal a shopper reads (field `discountCode`). Only eligible lines
 * (the code's products or categories, every line when it names none) are discounted; the minimum is judged on
 * the whole subtotal. A percentage rounds half up once on the eligible lines' sum; a fixed amount never takes
 * more than they cost.
 */
export function discountCentsFor(
  discount: DiscountWithUsage,
  lines: readonly DiscountLine[],
  now: Date = new Date(),
): number {
  if (!discount.active) throw unknownCode();
  if (discount.email !== null && discount.email !== discount.customer_email.toLowerCase()) {
    throw discountError('DISCOUNT_OTHER_ACCOUNT', discountMessages.otherAccount);
  }
  if (discount.starts_at && new Date(discount.starts_at) > now) {
    throw discountError('DISCOUNT_NOT_YET_VALID', discountMessages.notYetValid);
  }
  if (discount.ends_at && new Date(discount.ends_at) <= now) {
    throw discountError('DISCOUNT_EXPIRED', discountMessages.expired);
  }
  if (discount.max_uses !== null && discount.uses >= discount.max_uses) {
    throw discountError('DISCOUNT_USED_UP', discountMessages.usedUp);
  }
  if (discount.max_uses_per_customer !== null && discount.customer_uses >= discount.max_uses_per_customer) {
    throw discountError('DISCOUNT_ALREADY_USED', discountMessages.alreadyUsed);
  }
  if (discount.first_order_only && discount.customer_orders > 0) {
    throw discountError('DISCOUNT_FIRST_ORDER_ONLY', discountMessages.firstOrderOnly);
  }
  const restricted = discount.product_ids.length > 0 || discount.category_ids.length > 0;
  const eligible = lines.filter(
    (line) =>
      !restricted ||
      discount.product_ids.includes(line.productId) ||
      line.categoryIds.some((id) => discount.category_ids.includes(id)),
  );
  const eligibleCents = eligible.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (eligibleCents === 0) throw discountError('DISCOUNT_NOT_APPLICABLE', discountMessages.notApplicable);
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (subtotalCents < discount.min_subtotal_cents) {
    throw discountError('DISCOUNT_MINIMUM_NOT_MET', discountMessages.minimum(discount.min_subtotal_cents));
  }
  const cents =
    discount.kind === DiscountKind.PERCENT ? Math.floor((eligibleCents * discount.value + 50) / 100) : discount.value;
  return Math.min(cents, eligibleCents);
}
