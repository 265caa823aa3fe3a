export function formatMoney(cents: number): string {
  return `Ksh ${(cents / 100).toFixed(2)}`;
}
