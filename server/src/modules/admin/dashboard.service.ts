import type { RequestContext } from '../../core/request-context';
import { singleRow } from '../../shared/single-row';
import { requireAdmin } from '../accounts/guards';
import { inventoryService } from '../catalog/inventory.service';
import { orderFigures } from '../orders/orders-admin.service';
import { toAdminUserView, type DashboardView, type UserRow } from './admin.views';

/** The shop's calendar: a day's sales are the orders placed that day in Nairobi. */
export const shopTimeZone = 'Africa/Nairobi';

export const dashboardDays = 30;
export const topProductCount = 5;
export const recentUserCount = 5;
/** The dashboard names the lowest-stocked few; the inventory's low-stock filter pages through the rest. */
export const lowStockShown = 20;

interface DashboardRow {
  total_products: number;
  pending: number;
  delivered: number;
  cancelled: number;
  /** bigint arrives as text. */
  total_sales_cents: string;
  to_collect: number;
  to_collect_cents: string;
  sales_by_day: { day: string; total_cents: number; orders: number }[];
  top_products: { product_id: number; name: string; quantity_sold: number; revenue_cents: number }[];
  recent_users: UserRow[];
}

/**
 * Every figure in one statement, summed by PostgreSQL: the orders never come into JavaScript, so the
 * cost does not grow with their number. Sales count delivered orders only (spec §9).
 */
const dashboardSql = `with order_figures as (select ${orderFigures.join(', ')} from orders),
  days as (
    select ((now() at time zone ?::text)::date - offs)::date as day from generate_series(0, ?::int - 1) as offs),
  daily as (
    select d.day, coalesce(sum(o.total_cents), 0)::bigint as total_cents, count(o.id)::int as orders
      from days d
      left join orders o on o.status = 'delivered' and (o.created_at at time zone ?::text)::date = d.day
     group by d.day),
  top as (
    select oi.product_id, p.name, sum(oi.quantity)::int as quantity_sold,
           sum(oi.quantity * oi.unit_price_cents)::bigint as revenue_cents
      from order_items oi
      join orders o on o.id = oi.order_id and o.status = 'delivered'
      join products p on p.id = oi.product_id
     group by oi.product_id, p.name
     order by quantity_sold desc, revenue_cents desc, oi.product_id
     limit ?::int),
  recent as (
    select id, first, last, email, role, created_at from users order by created_at desc, id limit ?::int)
  select (select count(*)::int from products where archived_at is null) as total_products,
         f.pending, f.delivered, f.cancelled, f.total_sales_cents, f.to_collect, f.to_collect_cents,
         (select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'total_cents', total_cents,
            'orders', orders) order by day) from daily) as sales_by_day,
         coalesce((select json_agg(json_build_object('product_id', product_id, 'name', name,
            'quantity_sold', quantity_sold, 'revenue_cents', revenue_cents)
            order by quantity_sold desc, revenue_cents desc, product_id) from top), '[]'::json) as top_products,
         coalesce((select json_agg(json_build_object('id', id, 'first', first, 'last', last, 'email', email,
            'role', role, 'createdAt', created_at) order by created_at desc, id) from recent), '[]'::json)
           as recent_users
    from order_figures f`;

export const dashboardService = {
  async dashboard(ctx: RequestContext): Promise<DashboardView> {
    requireAdmin(ctx);
    const threshold = ctx.config.lowStockThreshold;
    const [rows, lowStock] = await Promise.all([
      ctx.em
        .getConnection()
        .execute<DashboardRow[]>(dashboardSql, [
          shopTimeZone,
          dashboardDays,
          shopTimeZone,
          topProductCount,
          recentUserCount,
        ]),
      inventoryService.list(ctx, { lowStock: true, page: { limit: lowStockShown, offset: 0 } }),
    ]);
    const row = singleRow(rows);
    return {
      totalProducts: row.total_products,
      pendingOrders: row.pending,
      deliveredOrders: row.delivered,
      cancelledOrders: row.cancelled,
      totalSalesCents: Number(row.total_sales_cents),
      toCollectOrders: row.to_collect,
      toCollectCents: Number(row.to_collect_cents),
      salesByDay: row.sales_by_day.map((day) => ({
        day: day.day,
        totalCents: Number(day.total_cents),
        orders: day.orders,
      })),
      topProducts: row.top_products.map((top) => ({
        productId: top.product_id,
        name: top.name,
        quantitySold: top.quantity_sold,
        revenueCents: Number(top.revenue_cents),
      })),
      lowStockProducts: lowStock.products,
      lowStockCount: lowStock.totalCount,
      lowStockThreshold: threshold,
      recentUsers: row.recent_users.map(toAdminUserView),
    };
  },
};
