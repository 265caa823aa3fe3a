/**
 * Money is integer cents of KES everywhere inside the server. Shillings exist only at the REST edge,
 * where the spec's payloads carry plain numbers (1234.5 for Ksh 1,234.50).
 */
export function centsToShillings(cents: number): number {
  return cents / 100;
}

/** Parses a shillings amount as sent by a form or the REST adapter; undefined when it is not money. */
export function shillingsToCents(value: unknown): number | undefined {
  // Only a number or a string: an array such as ['8500'] would otherwise read as its one element.
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as shillings with two decimals and no grouping, e.g. 123450 → '1234.50' (JSON-LD, CSV, messages). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * 'Ksh 1,234.00', as the storefront shows prices (spec §9): the one way every page, e-mail, SMS and admin
 * notification writes an amount for people (machine-read amounts use centsToDecimal).
 */
export function formatKsh(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const shillings = Math.trunc(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}Ksh ${shillings}.${String(absolute % 100).padStart(2, '0')}`;
}
