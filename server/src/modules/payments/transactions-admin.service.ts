import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { queryAdminList, statusFigures, type AdminListRow } from '../../shared/admin-list';
import { likePattern, searchText } from '../../shared/search';
import { Permission, requirePermission } from '../accounts/guards';
import { PaymentStatus } from '../orders/order.entity';
import { toCollectSql } from '../orders/orders-admin.service';
import { orderLinesJsonSql, orderLinesSummary, type OrderLineFacts } from '../orders/order-lines-summary';

export interface AdminTransaction {
  id: string;
  orderId: string;
  reference: string;
  amountCents: number;
  /** mpesa or card; null when unknown (the client shows 'N/A'). */
  paymentMethod: string | null;
  paymentStatus: string;
  flagReason: string | null;
  /** The order's lines with their sizes, e.g. "2 x Oud Savanna (5 ml decant · Eau de Parfum)". */
  items: string;
  createdAt: Date;
}

export interface TransactionStats {
  total: number;
  completed: number;
  pending: number;
  failed: number;
  completedAmountCents: number;
  /** Orders paid on delivery still to be paid at the door, and their totals (issue 26). */
  toCollect: number;
  toCollectCents: number;
}

export interface AdminTransactionList {
  transactions: AdminTransaction[];
  totalCount: number;
  stats: TransactionStats;
}

/** A transactions row as SQL hands it over (the list's JSON, the CSV export): the time as text. */
export interface TransactionRow {
  id: string;
  order_id: string;
  reference: string;
  amount_cents: number;
  method: string | null;
  status: string;
  flag_reason: string | null;
  items: OrderLineFacts[];
  created_at: string;
}

interface ListRow extends AdminListRow<TransactionRow> {
  total: number;
  completed: number;
  pending: number;
  failed: number;
  completed_amount_cents: string;
  to_collect: number;
  to_collect_cents: string;
}

const transactionFigures = [
  ...statusFigures(Object.values(PaymentStatus), {
    column: 'amount_cents',
    status: PaymentStatus.COMPLETED,
    as: 'completed_amount_cents',
  }),
  // Money not yet in any transaction: orders paid on delivery still to be paid at the door.
  `(select count(*)::int from orders where ${toCollectSql()}) as to_collect`,
  `(select coalesce(sum(total_cents), 0)::text from orders where ${toCollectSql()}) as to_collect_cents`,
];

export const transactionsAdminService = {
  /** Newest first; search: the order id's beginning or the payment method, any case. */
  async list(ctx: RequestContext, query: { search?: unknown; page: Page }): Promise<AdminTransactionList> {
    requirePermission(ctx, Permission.ORDERS);
    const search = searchText(query.search);
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (search) {
      conditions.push(`(t.order_id::text ilike ? or t.method ilike ? or t.reference ilike ?)`);
      parameters.push(
        likePattern(search.toLowerCase(), 'prefix'),
        likePattern(search, 'contains'),
        likePattern(search, 'contains'),
      );
    }
    const row = await queryAdminList<ListRow>(ctx, {
      table: 'transactions',
      alias: 't',
      columns: 't.*',
      conditions,
      parameters,
      figures: transactionFigures,
      item: `json_build_object('id', page.id, 'order_id', page.order_id, 'reference', page.reference,
        'amount_cents', page.amount_cents, 'method', page.method, 'status', page.status,
        'flag_reason', page.flag_reason, 'created_at', page.created_at, 'items', ${orderLinesJsonSql('page.order_id')})`,
      page: query.page,
    });
    return {
      transactions: row.page.map((transaction) => ({
        id: transaction.id,
        orderId: transaction.order_id,
        reference: transaction.reference,
        amountCents: transaction.amount_cents,
        paymentMethod: transaction.method,
        paymentStatus: transaction.status,
        flagReason: transaction.flag_reason,
        items: orderLinesSummary(transaction.items),
        createdAt: new Date(transaction.created_at),
      })),
      totalCount: row.total_count,
      stats: {
        total: row.total,
        completed: row.completed,
        pending: row.pending,
        failed: row.failed,
        completedAmountCents: Number(row.completed_amount_cents),
        toCollect: row.to_collect,
        toCollectCents: Number(row.to_collect_cents),
      },
    };
  },
};
