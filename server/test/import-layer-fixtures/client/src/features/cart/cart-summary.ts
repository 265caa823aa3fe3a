import { formatMoney } from '../../shared/format-money';

export function cartSummary(cents: number): string {
  return `Total ${formatMoney(cents)}`;
}
