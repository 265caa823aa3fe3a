import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { singleRow } from '../../shared/single-row';
import { Permission, requirePermission } from '../accounts/guards';
import { PaymentMethod } from '../orders/order.entity';
import { toCollectSql } from '../orders/orders-admin.service';
import { shopToday } from '../../shared/shop-calendar';
import { TopProductView } from './admin.views';
import {
  DashboardPeriod,
  SalesByLocationView,
  SalesByPaymentMethodView,
  SalesDashboardView,
  SalesDayView,
  SalesFiguresView,
  TopSizeView,
} from './sales-dashboard.views';

/** Two years, a leap day and one more day: the longest range the owner may ask for (decision 0104). */
export const maxRangeDays = 732;
export const topSellerCount = 10;
/** Nothing the shop sold is older than this; it keeps the previous period's dates inside PostgreSQL's. */
const earliestDay = '2000-01-01';

export interface DashboardRange {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

export interface DashboardRangeQuery {
  period?: unknown;
  from?: unknown;
  to?: unknown;
}

const dayMs = 86_400_000;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD, or an error naming the field. */
function parseDay(value: unknown, field: 'from' | 'to'): string {
  const label = field === 'from' ? 'start' : 'end';
  if (value === undefined || value === null || value === '')
    throw AppError.field(field, 'REQUIRED', `Choose the ${label} date of the range.`);
  const match = typeof value === 'string' ? isoDay.exec(value.trim()) : null;
  const day = match ? match[0] : '';
  // 2025-02-30 parses as 2 March: a day that does not round-trip is not a day.
  if (!match || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day)
    throw AppError.field(field, 'INVALID', `The ${label} date must be a date written YYYY-MM-DD, e.g. 2026-01-31.`);
  return day;
}

const periods = Object.values(DashboardPeriod) as string[];

/**
 * The range the owner asked for, in whole Nairobi days (both ends included), and the period of the same length
 * just before it. Today, 7 and 30 days end today; a custom range must not end after today, start after it ends,
 * or span more than two years.
 */
export function resolveRange(query: DashboardRangeQuery, today = shopToday()): DashboardRange {
  const period = typeof query.period === 'string' ? query.period.trim().toLowerCase() : '';
  if (!periods.includes(period))
    throw AppError.field('period', 'INVALID', 'The period must be today, last_7_days, last_30_days or custom.');
  let from: string;
  let to = today;
  if (period === DashboardPeriod.TODAY) from = today;
  else if (period === DashboardPeriod.LAST_7_DAYS) from = addDays(today, -6);
  else if (period === DashboardPeriod.LAST_30_DAYS) from = addDays(today, -29);
  else {
    from = parseDay(query.from, 'from');
    to = parseDay(query.to, 'to');
    if (to > today) throw AppError.field('to', 'OUT_OF_RANGE', `The range cannot end after today (${today}).`);
    if (from > to) throw AppError.field('from', 'OUT_OF_RANGE', 'The start date must be on or before the end date.');
    if (from < earliestDay)
      throw AppError.field('from', 'OUT_OF_RANGE', `The range cannot start before ${earliestDay}.`);
  }
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
  if (days > maxRangeDays)
    throw AppError.field(
      'from',
      'OUT_OF_RANGE',
      `Choose a range of at most ${maxRangeDays} days (two years); this one has ${days}.`,
    );
  return { from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** The breakdown by payment method lists these, in this order, zero-filled (constants: written into the SQL). */
export const paymentMethodsShown: readonly string[] = [
  PaymentMethod.MPESA,
  PaymentMethod.CARD,
  PaymentMethod.ON_DELIVERY,
];

/** A period's sums over the daily rollup, as one JSON object (bigints as text inside it are avoided: cents fit). */
const figuresOf = (rows: string) => `(select json_build_object(
    'paid_orders', coalesce(sum(paid_orders), 0), 'paid_cents', coalesce(sum(paid_cents), 0),
    'refunds', coalesce(sum(refunds), 0), 'refunded_cents', coalesce(sum(refunded_cents), 0),
    'attempts', coalesce(sum(payment_attempts), 0), 'failed', coalesce(sum(failed_attempts), 0)) from ${rows})`;

/**
 * Every figure of the range and of the previous period in one statement over the rollups that triggers keep
 * (migration 0036): the range's days of `sales_days` (day × method × location, a few dozen rows a day) and of
 * `sales_day_sizes`, whatever the number of orders behind them. What is still to collect comes from the partial
 * index of orders to collect (migration 0031).
 */
const salesDashboardSql = `with cur as materialized (
    select * from sales_days where day between ?::date and ?::date),
  sizes as materialized (
    select product_id, variant_id, max(size_label) as size_label, sum(quantity)::int as quantity,
           sum(revenue_cents)::bigint as revenue_cents
      from sales_day_sizes where day between ?::date and ?::date
     group by product_id, variant_id
    having sum(quantity) > 0),
  by_day as (
    select d::date as day, coalesce(sum(c.paid_cents), 0)::bigint as paid_cents,
           coalesce(sum(c.paid_orders), 0)::int as paid_orders, coalesce(sum(c.refunded_cents), 0)::bigint as refunded_cents
      from generate_series(?::date, ?::date, interval '1 day') d left join cur c on c.day = d::date
     group by d),
  by_method as (
    select m.method, m.position, coalesce(sum(c.paid_cents), 0)::bigint as paid_cents,
           coalesce(sum(c.paid_orders), 0)::int as paid_orders, coalesce(sum(c.payment_attempts), 0)::int as attempts,
           coalesce(sum(c.failed_attempts), 0)::int as failed
      from (values ${paymentMethodsShown.map((method, index) => `('${method}', ${index})`).join(', ')}) as m(method, position)
      left join cur c on c.payment_method = m.method
     group by m.method, m.position),
  by_location as (
    select l.id, l.name, coalesce(sum(c.paid_cents), 0)::bigint as paid_cents,
           coalesce(sum(c.paid_orders), 0)::int as paid_orders
      from delivery_locations l left join cur c on c.delivery_location_id = l.id
     group by l.id, l.name),
  top_products as (
    select s.product_id, p.name, sum(s.quantity)::int as quantity, sum(s.revenue_cents)::bigint as revenue_cents
      from sizes s join products p on p.id = s.product_id
     group by s.product_id, p.name
     order by quantity desc, revenue_cents desc, s.product_id
     limit ?::int),
  top_sizes as (
    select s.product_id, s.variant_id, p.name, s.size_label, s.quantity, s.revenue_cents
      from sizes s join products p on p.id = s.product_id
     order by s.quantity desc, s.revenue_cents desc, s.product_id, s.variant_id
     limit ?::int)
  select ${figuresOf('cur')} as current,
         ${figuresOf('sales_days where day between ?::date and ?::date')} as previous,
         (select json_build_object('orders', count(*), 'cents', coalesce(sum(total_cents), 0))
            from orders where ${toCollectSql()}) as to_collect,
         (select json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'paid_cents', paid_cents,
            'paid_orders', paid_orders, 'refunded_cents', refunded_cents) order by day) from by_day) as by_day,
         (select json_agg(json_build_object('method', method, 'paid_cents', paid_cents, 'paid_orders', paid_orders,
            'attempts', attempts, 'failed', failed) order by position) from by_method) as by_method,
         (select json_agg(json_build_object('id', id, 'name', name, 'paid_cents', paid_cents,
            'paid_orders', paid_orders) order by paid_cents desc, paid_orders desc, name, id) from by_location)
           as by_location,
         coalesce((select json_agg(json_build_object('product_id', product_id, 'name', name, 'quantity', quantity,
            'revenue_cents', revenue_cents) order by quantity desc, revenue_cents desc, product_id) from top_products),
           '[]'::json) as top_products,
         coalesce((select json_agg(json_build_object('product_id', product_id, 'variant_id', variant_id, 'name', name,
            'size_label', size_label, 'quantity', quantity, 'revenue_cents', revenue_cents)
            order by quantity desc, revenue_cents desc, product_id, variant_id) from top_sizes), '[]'::json)
           as top_sizes`;

interface FiguresRow {
  paid_orders: number;
  paid_cents: number;
  refunds: number;
  refunded_cents: number;
  attempts: number;
  failed: number;
}

interface SalesDashboardRow {
  current: FiguresRow;
  previous: FiguresRow;
  to_collect: { orders: number; cents: number };
  by_day: { day: string; paid_cents: number; paid_orders: number; refunded_cents: number }[];
  by_method: { method: string; paid_cents: number; paid_orders: number; attempts: number; failed: number }[];
  by_location: { id: number; name: string; paid_cents: number; paid_orders: number }[];
  top_products: { product_id: number; name: string; quantity: number; revenue_cents: number }[];
  top_sizes: {
    product_id: number;
    variant_id: number;
    name: string;
    size_label: string;
    quantity: number;
    revenue_cents: number;
  }[];
}

function toFigures(row: FiguresRow): SalesFiguresView {
  const paidCents = Number(row.paid_cents);
  const paidOrders = Number(row.paid_orders);
  const attempts = Number(row.attempts);
  const failed = Number(row.failed);
  return Object.assign(new SalesFiguresView(), {
    paidRevenueCents: paidCents,
    paidOrders,
    averageOrderValueCents: paidOrders > 0 ? Math.round(paidCents / paidOrders) : 0,
    refundedCents: Number(row.refunded_cents),
    refunds: Number(row.refunds),
    paymentAttempts: attempts,
    failedPaymentAttempts: failed,
    paymentFailureRate: attempts > 0 ? failed / attempts : null,
  });
}

export const salesDashboardService = {
  /** The owner's figures for a range against the period before it: one statement (decision 0104). */
  async salesDashboard(ctx: RequestContext, query: DashboardRangeQuery): Promise<SalesDashboardView> {
    requirePermission(ctx, Permission.REPORTS);
    const range = resolveRange(query);
    const rows = await ctx.em
      .getConnection()
      .execute<SalesDashboardRow[]>(salesDashboardSql, [
        range.from,
        range.to,
        range.from,
        range.to,
        range.from,
        range.to,
        topSellerCount,
        topSellerCount,
        range.previousFrom,
        range.previousTo,
      ]);
    const row = singleRow(rows);
    return Object.assign(new SalesDashboardView(), {
      ...range,
      current: toFigures(row.current),
      previous: toFigures(row.previous),
      toCollectOrders: Number(row.to_collect.orders),
      toCollectCents: Number(row.to_collect.cents),
      byDay: row.by_day.map((day) =>
        Object.assign(new SalesDayView(), {
          day: day.day,
          paidRevenueCents: Number(day.paid_cents),
          paidOrders: day.paid_orders,
          refundedCents: Number(day.refunded_cents),
        }),
      ),
      byPaymentMethod: row.by_method.map((method) =>
        Object.assign(new SalesByPaymentMethodView(), {
          paymentMethod: method.method,
          paidRevenueCents: Number(method.paid_cents),
          paidOrders: method.paid_orders,
          paymentAttempts: method.attempts,
          failedPaymentAttempts: method.failed,
        }),
      ),
      byLocation: row.by_location.map((location) =>
        Object.assign(new SalesByLocationView(), {
          deliveryLocationId: location.id,
          name: location.name,
          paidRevenueCents: Number(location.paid_cents),
          paidOrders: location.paid_orders,
        }),
      ),
      topProducts: row.top_products.map((top) =>
        Object.assign(new TopProductView(), {
          productId: top.product_id,
          name: top.name,
          quantitySold: top.quantity,
          revenueCents: Number(top.revenue_cents),
        }),
      ),
      topSizes: row.top_sizes.map((top) =>
        Object.assign(new TopSizeView(), {
          productId: top.product_id,
          variantId: top.variant_id === 0 ? null : top.variant_id,
          name: top.name,
          sizeLabel: top.size_label,
          quantitySold: top.quantity,
          revenueCents: Number(top.revenue_cents),
        }),
      ),
    });
  },
};
