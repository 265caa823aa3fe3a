import { AppError, type FieldErrorCode } from '../../core/errors';
import { formatKsh } from '../../shared/money';
import { type DiscountKind } from './discount-code.entity';

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
