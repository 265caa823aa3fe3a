import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardDocument, type DashboardQuery } from '../api/dashboard.generated';
import {
  SalesDashboardDocument,
  type SalesDashboardQuery,
  type SalesDashboardQueryVariables,
} from '../api/sales-dashboard.generated';
import { createCache } from '../../../app/apollo-client';
import { ViewerDocument } from '../../../shared/session/session.generated';
import { createViewer } from '../../../shared/session/testing/viewer-mocks';
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

type Sales = SalesDashboardQuery['salesDashboard'];

const figures = (paidRevenueCents: number, paidOrders: number, extra: Partial<Sales['current']> = {}) => ({
  __typename: 'SalesFigures' as const,
  paidRevenueCents,
  paidOrders,
  averageOrderValueCents: paidOrders ? Math.round(paidRevenueCents / paidOrders) : 0,
  refundedCents: 0,
  refunds: 0,
  paymentAttempts: paidOrders,
  failedPaymentAttempts: 0,
  paymentFailureRate: paidOrders ? 0 : null,
  ...extra,
});

/** Three paid orders worth Ksh 15,710 today, none delivered: the owner. */
function salesOf(overrides: Partial<Sales> = {}): Sales {
  return {
    __typename: 'SalesDashboard',
    from: '2026-03-15',
    to: '2026-03-15',
    days: 1,
    previousFrom: '2026-03-14',
    previousTo: '2026-03-14',
    current: figures(1_571_000, 3, {
      refundedCents: 50_000,
      refunds: 1,
      paymentAttempts: 4,
      failedPaymentAttempts: 1,
      paymentFailureRate: 0.25,
    }),
    previous: figures(1_000_000, 2),
    toCollectOrders: 1,
    toCollectCents: 520_000,
    byDay: [
      { __typename: 'SalesDay', day: '2026-03-15', paidRevenueCents: 1_571_000, paidOrders: 3, refundedCents: 50_000 },
    ],
    byPaymentMethod: [
      {
        __typename: 'SalesByPaymentMethod',
        paymentMethod: 'mpesa',
        paidRevenueCents: 1_071_000,
        paidOrders: 2,
        paymentAttempts: 3,
        failedPaymentAttempts: 1,
      },
      {
        __typename: 'SalesByPaymentMethod',
        paymentMethod: 'card',
        paidRevenueCents: 500_000,
        paidOrders: 1,
        paymentAttempts: 1,
        failedPaymentAttempts: 0,
      },
      {
        __typename: 'SalesByPaymentMethod',
        paymentMethod: 'on_delivery',
        paidRevenueCents: 0,
        paidOrders: 0,
        paymentAttempts: 0,
        failedPaymentAttempts: 0,
      },
    ],
    byLocation: [
      {
        __typename: 'SalesByLocation',
        deliveryLocationId: 1,
        name: 'Nairobi CBD',
        paidRevenueCents: 1_571_000,
        paidOrders: 3,
      },
    ],
    topProducts: [
      { __typename: 'TopProduct', productId: 3, name: 'Oud Savanna', quantitySold: 3, revenueCents: 1_200_000 },
    ],
    topSizes: [
      {
        __typename: 'TopSize',
        productId: 3,
        variantId: 7,
        name: 'Oud Savanna',
        sizeLabel: '5 ml decant · Eau de Parfum',
        quantitySold: 2,
        revenueCents: 180_000,
      },
    ],
    ...overrides,
  };
}

function salesMock(range: SalesDashboardQueryVariables['range'], sales: Sales = salesOf()) {
  return {
    request: { query: SalesDashboardDocument, variables: { range } },
    result: { data: { salesDashboard: sales } },
  };
}

const lastThirtyDays = { period: 'LAST_30_DAYS' as const };

describe('DashboardPage', () => {
  it('shows paid revenue beside a Total Sales that says it counts delivered orders only', async () => {
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 0, count: 0 }), salesMock(lastThirtyDays)] });

    const revenue = await screen.findByRole('listitem', { name: 'Paid revenue' });
    expect(within(revenue).getByText('Ksh 15,710.00')).toBeInTheDocument();
    expect(within(revenue).getByText('Up 57.1% on the day before')).toBeInTheDocument();
    const totalSales = screen.getByRole('listitem', { name: 'Total Sales' });
    expect(within(totalSales).getByText('Ksh 0.00')).toBeInTheDocument();
    expect(within(totalSales).getByText('Delivered orders only')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Payment failure rate' })).getByText('25.0% (1 of 4)'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Refunds' })).getByText('Ksh 500.00 (1)')).toBeInTheDocument();
    const methods = screen.getByRole('region', { name: 'By payment method table' });
    expect(within(methods).getByRole('row', { name: /M-Pesa 2 Ksh 10,710.00 1 of 3/ })).toBeInTheDocument();
    expect(within(methods).getByRole('row', { name: /Pay on delivery 0 Ksh 0.00 0 of 0/ })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Oud Savanna · 5 ml decant · Eau de Parfum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/sales.csv?period=last_30_days',
    );
  });

  it('asks the server again for the range the owner picks, and links the CSV of that range', async () => {
    const custom = { period: 'CUSTOM' as const, from: '2026-01-01', to: '2026-01-31' };
    const january = salesOf({
      from: '2026-01-01',
      to: '2026-01-31',
      days: 31,
      previousFrom: '2025-12-01',
      previousTo: '2025-12-31',
      current: figures(9_900_000, 30),
      previous: figures(0, 0),
    });
    renderAdmin(<DashboardPage />, {
      mocks: [dashboardMock({ shown: 0, count: 0 }), salesMock(lastThirtyDays), salesMock(custom, january)],
    });
    await screen.findByRole('listitem', { name: 'Paid revenue' });

    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));

    const revenue = screen.getByRole('listitem', { name: 'Paid revenue' });
    expect(await within(revenue).findByText('Ksh 99,000.00')).toBeInTheDocument();
    expect(within(revenue).getByText('Up from none the previous 31 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/sales.csv?period=custom&from=2026-01-01&to=2026-01-31',
    );
  });

  it("shows staff without reports the spec's cards and no sales figures, never asking for them", async () => {
    const cache = createCache();
    cache.writeQuery({ query: ViewerDocument, data: { me: createViewer({ role: 'STAFF' }) } });
    // No sales mock: a sales query would fail the test with "No more mocked responses".
    renderAdmin(<DashboardPage />, { cache, mocks: [dashboardMock({ shown: 0, count: 0 })] });

    expect(await screen.findByRole('listitem', { name: 'Total Sales' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Pending Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('names the 20 lowest-stocked products and links the rest to the inventory filtered to low stock', async () => {
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 20, count: 3_000 }), salesMock(lastThirtyDays)] });

    expect(await screen.findByText('Low Scent 20: 0 left')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: 'and 2980 more' });
    expect(more).toHaveAttribute('href', '/oxalis/inventory?stock=low');
  });

  it('has no "more" link when every low-stock product is listed', async () => {
    renderAdmin(<DashboardPage />, { mocks: [dashboardMock({ shown: 3, count: 3 }), salesMock(lastThirtyDays)] });

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
    renderAdmin(<DashboardPage />, {
      mocks: [dashboardMock({ shown: 0, count: 0 }, [user]), salesMock(lastThirtyDays)],
    });

    const region = await screen.findByRole('region', { name: 'Recent Users table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('cell', { name: 'wanjiru@example.com' })).toBeInTheDocument();
  });
});
