import { discountLabel, formatDiscount, formatMoney } from '../format-money';

/** The money of an order as the server recorded it. */
export interface OrderMoney {
  subtotalCents: number;
  discountCode?: string | null;
  discountCents: number;
  shippingFeeCents: number;
  totalCents: number;
}

/**
 * An order's subtotal, discount (when there is one), delivery fee ("Free" at 0) and total, as rows of the caller's
 * description list: My Orders and the checkout's ending show the same figures the same way.
 */
export function OrderMoneyLines({
  order,
  feeLabel,
  totalLabel = 'Total',
}: {
  order: OrderMoney;
  feeLabel: string;
  totalLabel?: string;
}) {
  return (
    <>
      <dt>Subtotal</dt>
      <dd>{formatMoney(order.subtotalCents)}</dd>
      {order.discountCents > 0 ? (
        <>
          <dt>{discountLabel(order.discountCode)}</dt>
          <dd>{formatDiscount(order.discountCents)}</dd>
        </>
      ) : null}
      <dt>{feeLabel}</dt>
      <dd>{order.shippingFeeCents === 0 ? 'Free' : formatMoney(order.shippingFeeCents)}</dd>
      <dt>{totalLabel}</dt>
      <dd>{formatMoney(order.totalCents)}</dd>
    </>
  );
}
