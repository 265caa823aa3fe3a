import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { formatMoney } from '../../../shared/format-money';
import { shortId } from '../../../shared/format-order';
import { PageMeta } from '../../../shared/ui/page-meta';
import { paymentMethodLabel } from '../admin-format';
import { useAdminTransactionsQuery } from '../api/transactions.generated';
import { AdminList, Pager, SearchToolbar } from '../components/admin-list';
import { usePagedListSearch } from '../components/use-list-search';
import { StatCards } from '../components/stat-cards';
import { StatusBadge } from '../components/status-badge';

export function TransactionsPage() {
  const { search, setSearch, variables, offset, setOffset } = usePagedListSearch();
  const { data, previousData, error } = useAdminTransactionsQuery({ variables, fetchPolicy: 'cache-and-network' });
  const list = (data ?? previousData)?.adminTransactions;

  return (
    <section className="admin-page">
      <PageMeta title="Transactions" noIndex />
      <h1>Transactions</h1>
      {list ? (
        <StatCards
          label="Transaction statistics"
          stats={[
            { title: 'Total Transactions', value: String(list.stats.total) },
            { title: 'Completed', value: String(list.stats.completed) },
            { title: 'Pending', value: String(list.stats.pending) },
            { title: 'Failed', value: String(list.stats.failed) },
            { title: 'Completed Amount', value: formatMoney(list.stats.completedAmountCents) },
            {
              title: 'To collect at the door',
              value: `${formatMoney(list.stats.toCollectCents)} (${list.stats.toCollect})`,
            },
          ]}
        />
      ) : null}
      <SearchToolbar
        label="Search transactions"
        placeholder="Search by order id or payment method"
        search={search}
        onSearch={setSearch}
        csvHref="/api/admin/export/transactions.csv"
      />
      <AdminList
        label="Transactions"
        items={list?.transactions}
        error={error}
        failure={serverMessageOr(error, 'Failed to fetch transactions')}
        empty="No transactions found."
        card={(transaction) => (
          <li key={transaction.id} aria-label={`Transaction ${shortId(transaction.id)}`}>
            <h2>{shortId(transaction.id)}</h2>
            <p>Order {shortId(transaction.orderId)}</p>
            {transaction.items ? <p>{transaction.items}</p> : null}
            <p>
              {formatMoney(transaction.amountCents)} · {paymentMethodLabel(transaction.paymentMethod)}
            </p>
            <p>
              <StatusBadge status={transaction.paymentStatus} />
            </p>
          </li>
        )}
        table={{
          columns: ['ID', 'Order', 'Items', 'Amount', 'Method', 'Status', 'Date'],
          row: (transaction) => (
            <tr key={transaction.id}>
              <td title={transaction.id}>{shortId(transaction.id)}</td>
              <td title={transaction.orderId}>{shortId(transaction.orderId)}</td>
              <td>{transaction.items}</td>
              <td>{formatMoney(transaction.amountCents)}</td>
              <td>{paymentMethodLabel(transaction.paymentMethod)}</td>
              <td>
                <StatusBadge status={transaction.paymentStatus} />
              </td>
              <td>{formatDateTime(transaction.createdAt)}</td>
            </tr>
          ),
        }}
      />
      {list ? (
        <Pager
          noun="transactions"
          offset={offset}
          shown={list.transactions.length}
          total={list.totalCount}
          onOffset={setOffset}
        />
      ) : null}
    </section>
  );
}
