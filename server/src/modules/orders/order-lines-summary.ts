import { orderLineName } from '../catalog/size-label';

/** An order's lines as `orderLinesJsonSql` reads them. */
export interface OrderLineFacts {
  name: string;
  size: string;
  quantity: number;
}

/**
 * An order's lines as one JSON array, in the order placed: a subquery for any statement that lists orders or
 * their payments, one per row whatever the number of lines. `orderId` is the SQL for the order's id.
 */
export function orderLinesJsonSql(orderId: string): string {
  return `coalesce((select json_agg(json_build_object('name', oi.product_name, 'size', oi.size_label,
                                                      'quantity', oi.quantity) order by oi.id)
                      from order_items oi where oi.order_id = ${orderId}), '[]'::json)`;
}

/** The lines as the admin's lists and exports write them: "2 x Oud Savanna (5 ml decant · Eau de Parfum); 1 x …". */
export function orderLinesSummary(lines: readonly OrderLineFacts[]): string {
  return lines.map((line) => `${line.quantity} x ${orderLineName(line.name, line.size)}`).join('; ');
}
