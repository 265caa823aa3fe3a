/**
 * How much of a payment can still go back, and how much a refund takes (decision 0076): pure, so the refund
 * service and its tests share one rule. Amounts are integer cents of KES.
 */

/** What is left to refund: the payment less what its live refunds hold (released ones hold nothing), never below 0. */
export function refundableCents(paymentCents: number, reservedCents: number): number {
  return Math.max(0, paymentCents - reservedCents);
}

export type RefundAmount =
  | { cents: number }
  /** `fullyRefunded`: nothing asked and nothing left; `tooLarge`: more asked than is left. */
  | { refused: 'fullyRefunded' | 'tooLarge' };

/** A refund of `askedCents` (null: everything left) against what is left of the payment. */
export function refundAmount(askedCents: number | null, paymentCents: number, reservedCents: number): RefundAmount {
  const leftCents = refundableCents(paymentCents, reservedCents);
  const cents = askedCents ?? leftCents;
  if (cents >= 1 && cents <= leftCents) return { cents };
  return { refused: askedCents === null ? 'fullyRefunded' : 'tooLarge' };
}
