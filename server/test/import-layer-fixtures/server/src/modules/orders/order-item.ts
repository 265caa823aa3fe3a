import { orderTotal } from './order';

export function itemTotal(quantity: number): number {
  return quantity > 100 ? orderTotal([100]) : quantity;
}
