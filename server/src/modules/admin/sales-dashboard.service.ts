import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { queryPrepared } from '../../shared/prepared-statements';
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

/**
 * A range as the rollups hold it (decision 0111): its whole calendar months, summed a row per month, and the days at
 * either end outside them, a row per day. An empty part is a range that ends before it starts.
 */
export interface RollupSpans {
  months: [string, string];
  head: [string, string];
  tail: [string, string];
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfNextMonth = (day: string) => {
  const date = new Date(`${firstOfMonth(day)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

export function rollupSpans(from: string, to: string): RollupSpans {
  const firstWhole = from === firstOfMonth(from) ? from : firstOfNextMonth(from);
  const lastWhole = addDays(firstOfNextMonth(to), -1) === to ? to : addDays(firstOfMonth(to), -1);
  const none: [string, string] = [addDays(to, 1), to];
  if (firstWhole > lastWhole) return { months: none, head: [from, to], tail: none };
  return {
    months: [firstWhole, firstOfMonth(lastWhole)],
    head: [from, addDays(firstWhole, -1)],
    tail: [addDays(lastWhole, 1), to],
  };
}

const spanParams = (spans: RollupSpans) => [...spans.months, ...spans.head, ...spans.tail];

/** The rows of a range (measures as named) from the month rollup and the day rollup; takes `spanParams`. */
const rollupRows = (monthTable: string, dayTable: string, columns: string) => `(
    select ${columns} from ${monthTable} where month between ?::date and ?::date
    union all
    select ${columns} from ${dayTable} where day between ?::date and ?::date or day between ?::date and ?::date)`;

const dayMeasures = `payment_method, delivery_location_id, paid_orders, paid_cents, refunds, refunded_cents,
  payment_attempts, failed_attempts`;

/** A period's sums, as one JSON object (bigints as text inside it are avoided: cents fit). */
const figuresOf = (rows: string) => `(select json_build_object(
    'paid_orders', coalesce(sum(paid_orders), 0), 'paid_cents', coalesce(sum(paid_cents), 0),
    'refunds', coalesce(sum(refunds), 0), 'refunded_cents', coalesce(sum(refunded_cents), 0),
    'attempts', coalesce(sum(payment_attempts), 0), 'failed', coalesce(sum(failed_attempts), 0)) from ${rows} r)`;

/**
 * Every figure of the range and of the previous period in one statement over the rollups that triggers keep
 * (migrations 0036 and 0037): whole months from `sales_months` and `sales_month_sizes`, the days at either end from
 * `sales_days` and `sales_day_sizes` (a few dozen rows a day or month), whatever the number of orders behind them;
 * the chart's days from `sales_days`, only the days with sales, as arrays (the days between are filled in here: the
 * JSON objects and the calendar join cost PostgreSQL more than the sums). What is still to collect comes from the partial index of orders to collect
 * (migration 0031). Parameters: `salesDashboardParams`.
 */
const salesDashboardSql = `with cur as materialized ${rollupRows('sales_months', 'sales_days', dayMeasures)},
  sizes as materialized (
    select product_id, variant_id, max(size_label) as size_label, sum(quantity)::int as quantity,
           sum(revenue_cents)::bigint as revenue_cents
      from ${rollupRows('sales_month_sizes', 'sales_day_sizes', 'product_id, variant_id, size_label, quantity, revenue_cents')} s
     group by product_id, variant_id
    having sum(quantity) > 0),
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
         ${figuresOf(rollupRows('sales_months', 'sales_days', dayMeasures))} as previous,
         (select json_build_object('orders', count(*), 'cents', coalesce(sum(total_cents), 0))
            from orders where ${toCollectSql()}) as to_collect,
         (select json_agg(json_build_array(day, paid_cents, paid_orders, refunded_cents) order by day)
            from (select day, sum(paid_cents) as paid_cents, sum(paid_orders) as paid_orders,
                         sum(refunded_cents) as refunded_cents
                    from sales_days where day between ?::date and ?::date group by day) d) as by_day,
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

/** The statement's parameters, in the order its placeholders appear. */
function salesDashboardParams(range: DashboardRange): unknown[] {
  const current = rollupSpans(range.from, range.to);
  return [
    ...spanParams(current),
    ...spanParams(current),
    topSellerCount,
    topSellerCount,
    ...spanParams(rollupSpans(range.previousFrom, range.previousTo)),
    range.from,
    range.to,
  ];
}

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
  /** Days with sales only: [day, paid cents, paid orders, refunded cents]; null when none. */
  by_day: [string, number, number, number][] | null;
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

/** Each day of the range, oldest first, with its sales or zeros. */
function everyDay(range: DashboardRange, withSales: [string, number, number, number][]): SalesDayView[] {
  const byDay = new Map(withSales.map((sold) => [sold[0], sold]));
  // One date stepped a day at a time: parsing each of two years' days was a tenth of the request's time.
  const date = new Date(`${range.from}T00:00:00Z`);
  return Array.from({ length: range.days }, () => {
    const day = date.toISOString().slice(0, 10);
    date.setUTCDate(date.getUTCDate() + 1);
    const [, paidCents, paidOrders, refundedCents] = byDay.get(day) ?? [day, 0, 0, 0];
    return Object.assign(new SalesDayView(), {
      day,
      paidRevenueCents: Number(paidCents),
      paidOrders: Number(paidOrders),
      refundedCents: Number(refundedCents),
    });
  });
}

export const salesDashboardService = {
  /** The owner's figures for a range against the period before it: one statement (decision 0104). */
  async salesDashboard(ctx: RequestContext, query: DashboardRangeQuery): Promise<SalesDashboardView> {
    requirePermission(ctx, Permission.REPORTS);
    const range = resolveRange(query);
    // Prepared: planning this statement took as long as running it over two years of months (decision 0111).
    const rows = await queryPrepared<SalesDashboardRow>(ctx.em, salesDashboardSql, salesDashboardParams(range));
    const row = singleRow(rows);
    return Object.assign(new SalesDashboardView(), {
      ...range,
      current: toFigures(row.current),
      previous: toFigures(row.previous),
      toCollectOrders: Number(row.to_collect.orders),
      toCollectCents: Number(row.to_collect.cents),
      byDay: everyDay(range, row.by_day ?? []),
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
