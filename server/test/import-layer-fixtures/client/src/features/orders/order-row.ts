import { orderList } from './order-list';

export function orderRow(id: string): string {
  return id.includes(',') ? orderList(id.split(',')).join(' ') : id;
}
