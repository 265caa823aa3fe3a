const CENTS_PER_SHILLING = 100;

/**
 * Formats integer KES cents as the shop shows prices: 'Ksh 1,234.56'.
 * Works on integers only so a price never picks up binary floating-point noise (0.1 + 0.2).
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`formatMoney expects integer cents, got ${cents}`);
  }
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const minor = abs % CENTS_PER_SHILLING;
  // Subtracting the remainder first keeps the division exact.
  const shillings = (abs - minor) / CENTS_PER_SHILLING;
  const grouped = String(shillings).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}Ksh ${grouped}.${String(minor).padStart(2, '0')}`;
}

/** A discount as every summary shows it: '−Ksh 630.00' (a minus sign, not a hyphen). */
export function formatDiscount(cents: number): string {
  return `−${formatMoney(cents)}`;
}

/** The label of a discount line: 'Discount (KARIBU15)'. */
export function discountLabel(code: string | null | undefined): string {
  return code ? `Discount (${code})` : 'Discount';
}
