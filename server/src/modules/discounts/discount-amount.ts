import { DiscountKind } from './discount-code.entity';
import {
  discountError,
  discountMessages,
  unknownCode,
  type DiscountLine,
  type DiscountWithUsage,
} from './discount-rules';

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
