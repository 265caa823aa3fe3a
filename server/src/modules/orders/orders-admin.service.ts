import { LockMode } from '@mikro-orm/core';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { queryAdminList, statusFigures, type AdminListRow } from '../../shared/admin-list';
import { likePattern, searchText } from '../../shared/search';
import { isUuid } from '../../shared/uuid';
import { Permission, requirePermission } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { displayName } from '../accounts/display-name';
import { queueOrderStatusMessages } from '../notifications/notifications.service';
import { Order, OrderStatus, PaymentStatus } from './order.entity';
import { OrderStatusChange } from './order-status-change.entity';
import { loadOrder, orderPopulate, releaseOrderStock } from './orders.service';
import { refundNeededByOrder, refundNeededSql } from './refund-needed';
import { retakeOrderStock } from './stock';
import { nameWithSize } from '../catalog/size-label';
import { followStatusChange } from './fulfilment.service';

export interface OrderStats {
  total: number;
  pending: number;
  delivered: number;
  cancelled: number;
  totalSalesCents: number;
  /** Orders paid on delivery not yet paid, and their totals in cents. */
  toCollect: number;
  toCollectCents: number;
}

export interface AdminOrderList {
  orders: Order[];
  /** Cents of flagged payments (late, double, after cancellation) still to go back, by order id (the page's). */
  refundNeeded: Map<string, number>;
  totalCount: number;
  stats: OrderStats;
}

export interface AdminOrderQuery {
  search?: unknown;
  status?: unknown;
  paymentState?: unknown;
  page: Page;
}

export interface StatusChange {
  id: number;
  fromStatus: OrderStatus;
  toStatus: OrderStatus;
  changedBy: string;
  changedAt: Date;
}

const statuses = Object.values(OrderStatus) as string[];

/** The admin list's payment filter, as a condition on `o`. */
const paymentStateConditions: Record<string, string> = {
  paid: `o.payment_status = 'completed' and o.refunded_cents = 0`,
  pending: `o.payment_status = 'pending'`,
  failed: `o.payment_status = 'failed'`,
  refunded: `o.refunded_cents > 0`,
  refund_needed: `exists (${refundNeededSql('o.id')})`,
  to_collect: toCollectSql('o.'),
};

function parseStatus(value: unknown, field: string): OrderStatus {
  const status = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!statuses.includes(status))
    throw AppError.field(field, 'INVALID_STATUS', 'Status must be pending, delivered or cancelled.');
  return status as OrderStatus;
}

/**
 * An order paid on delivery whose money the rider has still to collect (issue 26), as a condition on the orders
 * table (the partial index orders_to_collect_index holds exactly these).
 */
export function toCollectSql(prefix = ''): string {
  return `${prefix}payment_method = 'on_delivery' and ${prefix}payment_status = 'pending' and ${prefix}status <> 'cancelled'`;
}

/** How many orders are still to be paid at the door, and for how much (cents, as text: a sum is bigint). */
export const toCollectFigures = [
  `count(*) filter (where ${toCollectSql()})::int as to_collect`,
  `coalesce(sum(total_cents) filter (where ${toCollectSql()}), 0)::text as to_collect_cents`,
];

/**
 * The shop-wide order figures: each status's count, sales as delivered orders' totals (spec §9), and what is still
 * to be collected at the door.
 */
export const orderFigures = [
  ...statusFigures(Object.values(OrderStatus), {
    column: 'total_cents',
    status: OrderStatus.DELIVERED,
    as: 'total_sales_cents',
  }),
  ...toCollectFigures,
];

/** The page's ids with the figures; the orders themselves come in a fixed number of statements more. */
interface ListRow extends AdminListRow<string> {
  total: number;
  pending: number;
  delivered: number;
  cancelled: number;
  total_sales_cents: string;
  to_collect: number;
  to_collect_cents: string;
}

export const ordersAdminService = {
  /** Orders newest first; search: recipient name or city (any case, anywhere) or the id's beginning. */
  async list(ctx: RequestContext, query: AdminOrderQuery): Promise<AdminOrderList> {
    requirePermission(ctx, Permission.ORDERS);
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    const search = searchText(query.search);
    if (search) {
      conditions.push(`(o.recipient_name ilike ? or o.shipping_city ilike ? or o.id::text ilike ?)`);
      parameters.push(likePattern(search, 'contains'), likePattern(search, 'contains'));
      parameters.push(likePattern(search.toLowerCase(), 'prefix'));
    }
    if (query.status !== undefined && query.status !== null && query.status !== '') {
      conditions.push('o.status = ?');
      parameters.push(parseStatus(query.status, 'status'));
    }
    if (query.paymentState !== undefined && query.paymentState !== null && query.paymentState !== '') {
      const condition = typeof query.paymentState === 'string' ? paymentStateConditions[query.paymentState] : undefined;
      if (!condition)
        throw AppError.field(
          'paymentState',
          'INVALID_STATUS',
          'Payment status must be paid, pending, failed, refunded, refund_needed or to_collect.',
        );
      conditions.push(condition);
    }
    const row = await queryAdminList<ListRow>(ctx, {
      table: 'orders',
      alias: 'o',
      columns: 'o.id, o.created_at',
      conditions,
      parameters,
      figures: orderFigures,
      item: 'page.id',
      page: query.page,
    });
    const found: Order[] =
      row.page.length > 0 ? await ctx.em.find(Order, { id: { $in: row.page } }, { populate: orderPopulate }) : [];
    const byId = new Map(found.map((order) => [order.id, order]));
    // One statement for the page, whatever its length.
    const refundNeeded = await refundNeededByOrder(ctx.em, row.page);
    return {
      orders: row.page.flatMap((id) => byId.get(id) ?? []),
      refundNeeded,
      totalCount: row.total_count,
      stats: {
        total: row.total,
        pending: row.pending,
        delivered: row.delivered,
        cancelled: row.cancelled,
        totalSalesCents: Number(row.total_sales_cents),
        toCollect: row.to_collect,
        toCollectCents: Number(row.to_collect_cents),
      },
    };
  },

  /**
   * Any status to any other (spec §4), recorded with who, when, from and to. Stock follows the order:
   * cancelling a pending order puts its held stock back (once: stockReleasedAt guards it); reopening a
   * cancelled order whose stock went back takes it again, or is refused when the stock is gone.
   * Cancelling a delivered order leaves stock alone: the goods have left the shop.
   */
  async updateStatus(ctx: RequestContext, orderId: unknown, status: unknown): Promise<Order> {
    const admin = requirePermission(ctx, Permission.ORDERS);
    const toStatus = parseStatus(status, 'status');
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    // Stock that moves is announced by releaseOrderStock and takeStock, inside this transaction.
    await ctx.em.transactional(async (em) => {
      // Locked: the reservation timer and the payment webhook lock the same row before touching stock.
      const order = await em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw AppError.notFound('Order not found');
      const fromStatus = order.status;
      if (fromStatus === toStatus) return;
      if (toStatus === OrderStatus.CANCELLED && fromStatus === OrderStatus.PENDING && !order.stockReleasedAt) {
        await releaseOrderStock(em, [order.id]);
      } else if (fromStatus === OrderStatus.CANCELLED && order.stockReleasedAt) {
        const take = await retakeOrderStock(em, order.id, ctx.config.lowStockThreshold);
        if (!take.taken) {
          const short = take.row;
          throw AppError.field(
            'status',
            'OUT_OF_STOCK',
            short
              ? `Not enough stock to reopen this order: ${nameWithSize(short.name, { sizeMl: short.size_ml, concentration: short.concentration, isSample: short.is_sample })} has ${short.quantity} left, it needs ${short.needed}.`
              : 'Not enough stock to reopen this order: one of its products is gone.',
          );
        }
        order.stockReleasedAt = null;
        // An unpaid order gets a fresh hold, as if just placed; the reservation timer ends it if nobody pays.
        if (order.paymentStatus !== PaymentStatus.COMPLETED) {
          order.reservedUntil = new Date(Date.now() + ctx.config.reservationMinutes * 60_000);
        }
      }
      followStatusChange(em, order, toStatus, admin.id);
      order.status = toStatus;
      em.create(OrderStatusChange, { order, fromStatus, toStatus, changedBy: admin.id });
      recordAudit(ctx, em, {
        action: 'updateOrderStatus',
        targetType: 'order',
        targetId: order.id,
        before: { status: fromStatus },
        after: { status: toStatus },
      });
      // The shopper hears of it in the same transaction, so once per change (a repeat returned above). Reopening
      // an order (back to pending) sends nothing: it is the shop's correction, not news for the shopper.
      if (toStatus === OrderStatus.DELIVERED || toStatus === OrderStatus.CANCELLED) {
        await queueOrderStatusMessages(em, order, toStatus, ctx.config.publicUrl);
      }
      await em.flush();
    });
    return loadOrder(ctx.em, orderId, { refresh: true });
  },

  /** An order's status history, oldest first. */
  async statusChanges(ctx: RequestContext, orderId: unknown): Promise<StatusChange[]> {
    requirePermission(ctx, Permission.ORDERS);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    const changes = await ctx.em.find(
      OrderStatusChange,
      { order: orderId },
      { populate: ['changedBy'], orderBy: { changedAt: 'asc', id: 'asc' } },
    );
    return changes.map((change) => ({
      id: change.id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      changedBy: change.changedBy ? displayName(change.changedBy) : 'Deleted user',
      changedAt: change.changedAt,
    }));
  },
};
