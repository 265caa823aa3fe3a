import type { RequestContext } from '../../core/request-context';
import { singleRow } from '../../shared/single-row';
import { Permission, requirePermission } from '../accounts/guards';
import { inventoryService } from '../catalog/inventory.service';
import { toCollectSql } from '../orders/orders-admin.service';
import { toAdminUserView, type DashboardView, type UserRow } from './admin.views';
import { queryPrepared } from '../../shared/prepared-statements';

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
  recent_users: UserRow[];
}

/**
 * The spec's cards in one statement. The status counts and Total Sales (delivered orders only, spec §9) come from
 * `order_status_totals`, which a trigger keeps with every order's insert and status change (decision 0104): 48 rows
 * at most, however many orders. What is still to collect is read by its partial index (migration 0031).
 */
const dashboardSql = `with totals as (
    select status, sum(orders)::int as orders, sum(total_cents)::bigint as cents from order_status_totals group by status),
  to_collect as (
    select count(*)::int as orders, coalesce(sum(total_cents), 0)::bigint as cents from orders where ${toCollectSql()}),
  recent as (
    select id, first, last, email, phone, role, created_at from users order by created_at desc, id desc limit ?::int)
  select (select count(*)::int from products where archived_at is null) as total_products,
         coalesce((select orders from totals where status = 'pending'), 0) as pending,
         coalesce((select orders from totals where status = 'delivered'), 0) as delivered,
         coalesce((select orders from totals where status = 'cancelled'), 0) as cancelled,
         coalesce((select cents from totals where status = 'delivered'), 0)::text as total_sales_cents,
         c.orders as to_collect, c.cents::text as to_collect_cents,
         coalesce((select json_agg(json_build_object('id', id, 'first', first, 'last', last, 'email', email,
            'phone', phone, 'role', role, 'createdAt', created_at) order by created_at desc, id desc) from recent), '[]'::json)
           as recent_users
    from to_collect c`;

export const dashboardService = {
  async dashboard(ctx: RequestContext): Promise<DashboardView> {
    requirePermission(ctx, Permission.ORDERS);
    const threshold = ctx.config.lowStockThreshold;
    const [rows, lowStock] = await Promise.all([
      queryPrepared<DashboardRow>(ctx.em, dashboardSql, [recentUserCount]),
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
      lowStockProducts: lowStock.products,
      lowStockCount: lowStock.totalCount,
      lowStockThreshold: threshold,
      recentUsers: row.recent_users.map(toAdminUserView),
    };
  },
};
