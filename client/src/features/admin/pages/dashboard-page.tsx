import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../shared/format-money';
import { useCan } from '../../../shared/session/use-permissions';
import { PageMeta } from '../../../shared/ui/page-meta';
import { roleLabel } from '../admin-format';
import { useDashboardQuery } from '../api/dashboard.generated';
import { useSalesDashboardQuery } from '../api/sales-dashboard.generated';
import { AdminTable, AdminTableScroller } from '../components/admin-table';
import { LoadState } from '../components/admin-list';
import { DashboardRangePicker } from '../components/dashboard-range-picker';
import { SalesOverview } from '../components/sales-overview';
import { StatCards } from '../components/stat-cards';
import { salesCsvHref, type DashboardRange } from '../dashboard-range';
import { LOW_STOCK_INVENTORY_PATH } from '../inventory-params';

export function DashboardPage() {
  // Every visit asks again: the figures move whenever an order changes status.
  const { data, error } = useDashboardQuery({ fetchPolicy: 'cache-and-network' });
  const dashboard = data?.dashboard;
  const [range, setRange] = useState<DashboardRange>({ period: 'LAST_30_DAYS' });
  // Staff without reports see the spec's cards only: the server would refuse them the sales figures.
  const canSeeSales = useCan()('REPORTS');
  const sales = useSalesDashboardQuery({
    variables: { range },
    fetchPolicy: 'cache-and-network',
    skip: !canSeeSales,
  });
  // A refused custom range keeps the last figures on screen, with the server's reason above them.
  const salesProblem = sales.error?.message;
  const salesData = sales.data?.salesDashboard ?? sales.previousData?.salesDashboard;

  return (
    <section className="admin-page">
      <PageMeta title="Dashboard" noIndex />
      <h1>Dashboard</h1>
      <LoadState loaded={Boolean(dashboard)} error={error} failure="Failed to load dashboard data" />
      {dashboard ? (
        <>
          <StatCards
            label="Figures"
            stats={[
              { title: 'Total Products', value: String(dashboard.totalProducts) },
              { title: 'Pending Orders', value: String(dashboard.pendingOrders) },
              {
                title: 'Total Sales',
                value: formatMoney(dashboard.totalSalesCents),
                note: 'Delivered orders only',
              },
              { title: 'Delivered Orders', value: String(dashboard.deliveredOrders) },
              { title: 'Cancelled Orders', value: String(dashboard.cancelledOrders) },
              {
                title: 'To collect at the door',
                value: `${formatMoney(dashboard.toCollectCents)} (${dashboard.toCollectOrders})`,
              },
            ]}
          />
          <div className="admin-grid">
            <section className="admin-panel" aria-labelledby="low-stock">
              <h2 id="low-stock">Low Stock</h2>
              <p className="muted">{dashboard.lowStockThreshold} or fewer left</p>
              {dashboard.lowStockProducts.length === 0 ? (
                <p className="muted">Every product is well stocked.</p>
              ) : (
                <>
                  <ul>
                    {dashboard.lowStockProducts.map((product) => (
                      <li key={product.id}>
                        {product.name}: {product.quantity} left
                      </li>
                    ))}
                  </ul>
                  {dashboard.lowStockCount > dashboard.lowStockProducts.length ? (
                    <p>
                      <Link to={LOW_STOCK_INVENTORY_PATH}>
                        and {dashboard.lowStockCount - dashboard.lowStockProducts.length} more
                      </Link>
                    </p>
                  ) : null}
                </>
              )}
            </section>
          </div>
          {canSeeSales ? (
            <section aria-labelledby="sales" className="admin-sales">
              <div className="admin-page__toolbar">
                <h2 id="sales">Sales</h2>
                <DashboardRangePicker range={range} onChange={setRange} />
                <a className="button button--outline" href={salesCsvHref(range)} download>
                  Download CSV
                </a>
              </div>
              {salesProblem ? (
                <p role="alert" className="admin-error">
                  {salesProblem}
                </p>
              ) : null}
              {salesData ? (
                <SalesOverview sales={salesData} />
              ) : (
                <LoadState loaded={false} error={sales.error} failure="Failed to load the sales figures" />
              )}
            </section>
          ) : null}
          <section className="admin-panel" aria-labelledby="recent-users" style={{ marginTop: '1rem' }}>
            <h2 id="recent-users">Recent Users</h2>
            <AdminTableScroller label="Recent Users table">
              <AdminTable
                columns={['First Name', 'Last Name', 'Email', 'Role']}
                items={dashboard.recentUsers}
                row={(user) => (
                  <tr key={user.id}>
                    <td>{user.first}</td>
                    <td>{user.last}</td>
                    <td>{user.email ?? user.phone}</td>
                    <td>{roleLabel(user.role)}</td>
                  </tr>
                )}
              />
            </AdminTableScroller>
          </section>
        </>
      ) : null}
    </section>
  );
}
