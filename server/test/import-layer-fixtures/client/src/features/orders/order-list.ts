import { orderRow } from './order-row';

export function orderList(ids: string[]): string[] {
  return ids.map(orderRow);
}
