import { Link } from 'react-router-dom';
import { formatMoney } from '../../../shared/format-money';
import { PageMeta } from '../../../shared/ui/page-meta';
import { roleLabel } from '../admin-format';
import { useDashboardQuery } from '../api/dashboard.generated';
import { AdminTable, AdminTableScroller } from '../components/admin-table';
import { LoadState } from '../components/admin-list';
import { SalesChart } from '../components/sales-chart';
import { StatCards } from '../components/stat-cards';
import { LOW_STOCK_INVENTORY_PATH } from '../inventory-params';

export function DashboardPage() {
  // Every visit asks again: the figures move whenever an order changes status.
  const { data, error } = useDashboardQuery({ fetchPolicy: 'cache-and-network' });
  const dashboard = data?.dashboard;

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
              { title: 'Total Sales', value: formatMoney(dashboard.totalSalesCents) },
              { title: 'Delivered Orders', value: String(dashboard.deliveredOrders) },
              { title: 'Cancelled Orders', value: String(dashboard.cancelledOrders) },
              {
                title: 'To collect at the door',
                value: `${formatMoney(dashboard.toCollectCents)} (${dashboard.toCollectOrders})`,
              },
            ]}
          />
          <SalesChart days={dashboard.salesByDay} />
          <div className="admin-grid">
            <section className="admin-panel" aria-labelledby="top-products">
              <h2 id="top-products">Top Products</h2>
              {dashboard.topProducts.length === 0 ? (
                <p className="muted">No delivered sales yet.</p>
              ) : (
                <AdminTable
                  columns={['Product', 'Sold', 'Revenue']}
                  items={dashboard.topProducts}
                  row={(product) => (
                    <tr key={product.productId}>
                      <td>{product.name}</td>
                      <td>{product.quantitySold}</td>
                      <td>{formatMoney(product.revenueCents)}</td>
                    </tr>
                  )}
                />
              )}
            </section>
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
