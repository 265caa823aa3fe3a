import type { RequestContext } from '../../core/request-context';
import { Permission, requirePermission } from '../accounts/guards';
import type { TransactionRow } from '../payments/transactions-admin.service';
import { orderLinesJsonSql, orderLinesSummary, type OrderLineFacts } from '../orders/order-lines-summary';
import { centsToDecimal } from '../../shared/money';
import { toCsv, type CsvCell } from './csv';
import { withTransactionLimits } from '../../shared/transaction-limits';
import { shopTimeZone } from '../../shared/shop-calendar';
import { toCollectSql } from '../orders/orders-admin.service';
import { salesDashboardService, type DashboardRangeQuery } from './sales-dashboard.service';
import type { SalesFiguresView } from './sales-dashboard.views';

interface OrderExportRow {
  id: string;
  placed_at: string;
  recipient_name: string;
  recipient_email: string;
  recipient_phone: string;
  shipping_address: string;
  shipping_city: string;
  shipping_postal_code: string;
  delivery_location: string;
  items: OrderLineFacts[];
  subtotal_cents: number;
  discount_code: string | null;
  discount_cents: number;
  shipping_fee_cents: number;
  total_cents: number;
  status: string;
  payment_status: string;
  payment_method: string;
  to_collect: boolean;
  cash_received_at: string | null;
}

/** Every order with its lines folded into one cell, newest first: one statement whatever the number. */
const ordersSql = `select o.id, to_char(o.created_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as placed_at,
    o.recipient_name, o.recipient_email, o.recipient_phone, o.shipping_address, o.shipping_city,
    o.shipping_postal_code, l.name as delivery_location,
    ${orderLinesJsonSql('o.id')} as items,
    o.subtotal_cents, o.discount_code, o.discount_cents, o.shipping_fee_cents, o.total_cents, o.status, o.payment_status, o.payment_method,
    ${toCollectSql('o.')} as to_collect,
    to_char(o.cash_received_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as cash_received_at
  from orders o join delivery_locations l on l.id = o.delivery_location_id
  order by o.created_at desc, o.id`;

/** created_at as the shop's local time, ready for the sheet. */
const transactionsSql = `select t.id, t.order_id, t.reference, t.amount_cents, t.method, t.status, t.flag_reason,
    ${orderLinesJsonSql('t.order_id')} as items,
    to_char(t.created_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as created_at
  from transactions t order by t.created_at desc, t.id`;

/** Every newsletter subscription, newest first, times in the shop's zone (no codes or tokens). */
const subscribersSql = `select s.email, s.status,
    to_char(s.created_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as subscribed_at,
    to_char(s.confirmed_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as confirmed_at,
    to_char(s.unsubscribed_at at time zone ?::text, 'YYYY-MM-DD HH24:MI') as unsubscribed_at
  from newsletter_subscriptions s order by s.created_at desc, s.id`;

interface SubscriberExportRow {
  email: string;
  status: string;
  subscribed_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/**
 * An export reads every row in one statement, which at a large shop outlasts a request's statement limit (200,000
 * orders took 10 s to read on the shared test machine): it gets its own, still inside a proxy's usual 60 s
 * (decision 0067).
 */
const exportLimits = { statementMs: 30_000 };

function exportRows<Row extends object>(ctx: RequestContext, sql: string, params: unknown[]): Promise<Row[]> {
  return withTransactionLimits(ctx.em, exportLimits, (em) => em.execute<Row[]>(sql, params));
}

const paymentMethodNames: Record<string, string> = { mpesa: 'M-Pesa', card: 'Card', on_delivery: 'Pay on delivery' };

const salesHeader = [
  'Section',
  'Name',
  'Paid revenue (Ksh)',
  'Paid orders',
  'Average order (Ksh)',
  'Refunded (Ksh)',
  'Refunds',
  'Payment attempts',
  'Failed attempts',
  'Quantity sold',
];

/** A period's totals as a row of the sales sheet. */
function figuresRow(section: string, name: string, figures: SalesFiguresView): CsvCell[] {
  return [
    section,
    name,
    centsToDecimal(figures.paidRevenueCents),
    figures.paidOrders,
    centsToDecimal(figures.averageOrderValueCents),
    centsToDecimal(figures.refundedCents),
    figures.refunds,
    figures.paymentAttempts,
    figures.failedPaymentAttempts,
    '',
  ];
}

export const csvExportService = {
  /**
   * The dashboard's figures for a range as one sheet, a section per card (the range, the previous period, each day,
   * payment method and delivery location, best sellers): the same single statement as the page.
   */
  async sales(ctx: RequestContext, query: DashboardRangeQuery): Promise<{ csv: string; from: string; to: string }> {
    const sales = await salesDashboardService.salesDashboard(ctx, query);
    const rows: CsvCell[][] = [
      figuresRow('Range', `${sales.from} to ${sales.to}`, sales.current),
      figuresRow('Previous period', `${sales.previousFrom} to ${sales.previousTo}`, sales.previous),
      ['To collect at the door (now)', '', centsToDecimal(sales.toCollectCents), sales.toCollectOrders],
      ...sales.byDay.map((day) => [
        'Day',
        day.day,
        centsToDecimal(day.paidRevenueCents),
        day.paidOrders,
        '',
        centsToDecimal(day.refundedCents),
      ]),
      ...sales.byPaymentMethod.map((method) => [
        'Payment method',
        paymentMethodNames[method.paymentMethod] ?? method.paymentMethod,
        centsToDecimal(method.paidRevenueCents),
        method.paidOrders,
        '',
        '',
        '',
        method.paymentAttempts,
        method.failedPaymentAttempts,
      ]),
      ...sales.byLocation.map((location) => [
        'Delivery location',
        location.name,
        centsToDecimal(location.paidRevenueCents),
        location.paidOrders,
      ]),
      ...sales.topProducts.map((top) => [
        'Top product',
        top.name,
        centsToDecimal(top.revenueCents),
        '',
        '',
        '',
        '',
        '',
        '',
        top.quantitySold,
      ]),
      ...sales.topSizes.map((top) => [
        'Top size',
        top.sizeLabel ? `${top.name} · ${top.sizeLabel}` : top.name,
        centsToDecimal(top.revenueCents),
        '',
        '',
        '',
        '',
        '',
        '',
        top.quantitySold,
      ]),
    ];
    return { csv: toCsv(salesHeader, rows), from: sales.from, to: sales.to };
  },

  async orders(ctx: RequestContext): Promise<string> {
    requirePermission(ctx, Permission.REPORTS);
    const rows = await exportRows<OrderExportRow>(ctx, ordersSql, [shopTimeZone, shopTimeZone]);
    return toCsv(
      [
        'Order ID',
        'Placed (Nairobi)',
        'Recipient',
        'Email',
        'Phone',
        'Address',
        'City',
        'Postal code',
        'Delivery location',
        'Items',
        'Subtotal (Ksh)',
        'Discount code',
        'Discount (Ksh)',
        'Shipping (Ksh)',
        'Total (Ksh)',
        'Status',
        'Payment status',
        'Payment method',
        'To collect (Ksh)',
        'Cash received (Nairobi)',
      ],
      rows.map((row) => [
        row.id,
        row.placed_at,
        row.recipient_name,
        row.recipient_email,
        row.recipient_phone,
        row.shipping_address,
        row.shipping_city,
        row.shipping_postal_code,
        row.delivery_location,
        orderLinesSummary(row.items),
        centsToDecimal(row.subtotal_cents),
        row.discount_code ?? '',
        centsToDecimal(row.discount_cents),
        centsToDecimal(row.shipping_fee_cents),
        centsToDecimal(row.total_cents),
        row.status,
        row.payment_status,
        row.payment_method,
        centsToDecimal(row.to_collect ? row.total_cents : 0),
        row.cash_received_at ?? '',
      ]),
    );
  },

  async transactions(ctx: RequestContext): Promise<string> {
    requirePermission(ctx, Permission.REPORTS);
    const rows = await exportRows<TransactionRow>(ctx, transactionsSql, [shopTimeZone]);
    return toCsv(
      [
        'Transaction ID',
        'Order ID',
        'Reference',
        'Amount (Ksh)',
        'Payment method',
        'Status',
        'Flag',
        'Date (Nairobi)',
        'Items',
      ],
      rows.map((row) => [
        row.id,
        row.order_id,
        row.reference,
        centsToDecimal(row.amount_cents),
        row.method ?? 'N/A',
        row.status,
        row.flag_reason,
        row.created_at,
        orderLinesSummary(row.items),
      ]),
    );
  },

  async subscribers(ctx: RequestContext): Promise<string> {
    requirePermission(ctx, Permission.SETTINGS);
    const rows = await exportRows<SubscriberExportRow>(ctx, subscribersSql, [shopTimeZone, shopTimeZone, shopTimeZone]);
    return toCsv(
      ['Email', 'Status', 'Subscribed (Nairobi)', 'Confirmed (Nairobi)', 'Unsubscribed (Nairobi)'],
      rows.map((row) => [row.email, row.status, row.subscribed_at, row.confirmed_at ?? '', row.unsubscribed_at ?? '']),
    );
  },
};
