import { itemTotal } from './order-item';

export function orderTotal(quantities: number[]): number {
  return quantities.reduce((sum, quantity) => sum + itemTotal(quantity), 0);
}
