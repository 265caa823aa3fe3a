import { screen, within } from '@testing-library/react';
import { DashboardDocument, type DashboardQuery } from '../api/dashboard.generated';
import { renderAdmin } from '../testing/render-admin';
import { DashboardPage } from './dashboard-page';

function dashboardMock(
  lowStock: { shown: number; count: number },
  recentUsers: DashboardQuery['dashboard']['recentUsers'] = [],
) {
  const dashboard: DashboardQuery['dashboard'] = {
    __typename: 'Dashboard',
    totalProducts: 5_000,
    pendingOrders: 0,
    deliveredOrders: 0,
    cancelledOrders: 0,
    totalSalesCents: 0,
    toCollectOrders: 0,
    toCollectCents: 0,
    lowStockThreshold: 5,
    salesByDay: [],
    topProducts: [],
    lowStockProducts: Array.from({ length: lowStock.shown }, (_, index) => ({
      __typename: 'Product' as const,
      id: index + 1,
      name: `Low Scent ${index + 1}`,
      quantity: 0,
    })),
    lowStockCount: lowStock.count,
    recentUsers,
  };
  return { request: { query: DashboardDocument }, result: { data: { dashboard } } };
}

describe('DashboardPage', () => {
  it('names the 20 lowest-stocked products and links the rest to the inventory filtered to low stock', async () => {
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 20, count: 3_000 })] });

    expect(await screen.findByText('Low Scent 20: 0 left')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: 'and 2980 more' });
    expect(more).toHaveAttribute('href', '/oxalis/inventory?stock=low');
  });

  it('has no "more" link when every low-stock product is listed', async () => {
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 3, count: 3 })] });

    expect(await screen.findByText('Low Scent 3: 0 left')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /more/ })).not.toBeInTheDocument();
  });

  it('puts the recent users table in a named region that takes keyboard focus, as it scrolls sideways on phones', async () => {
    const user = {
      __typename: 'AdminUser' as const,
      id: 'user-1',
      first: 'Wanjiru',
      last: 'Kamau',
      email: 'wanjiru@example.com',
      phone: null,
      role: 'USER' as const,
    };
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 0, count: 0 }, [user])] });

    const region = await screen.findByRole('region', { name: 'Recent Users table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('cell', { name: 'wanjiru@example.com' })).toBeInTheDocument();
  });
});
