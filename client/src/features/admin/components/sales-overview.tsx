import { formatMoney } from '../../../shared/format-money';
import type { SalesDashboardQuery } from '../api/sales-dashboard.generated';
import { AdminTable, AdminTableScroller } from './admin-table';
import { SalesChart } from './sales-chart';
import { StatCards } from './stat-cards';

type SalesDashboard = SalesDashboardQuery['salesDashboard'];

const paymentMethodNames: Record<string, string> = {
  mpesa: 'M-Pesa',
  card: 'Card',
  on_delivery: 'Pay on delivery',
};

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** How a figure moved against the previous period: "Up 12.5% on the previous 7 days". */
function changeNote(current: number, previous: number, period: string): string {
  if (current === previous) return `Same as ${period}`;
  if (previous === 0) return `Up from none ${period}`;
  const change = (current - previous) / previous;
  return `${change > 0 ? 'Up' : 'Down'} ${percent(Math.abs(change))} on ${period}`;
}

function failureNote(current: number | null, previous: number | null, period: string): string {
  if (current === null) return 'No payment attempts';
  if (previous === null) return `No attempts ${period}`;
  const points = (current - previous) * 100;
  return Math.abs(points) < 0.05
    ? `Same as ${period}`
    : `${points > 0 ? 'Up' : 'Down'} ${Math.abs(points).toFixed(1)} points on ${period}`;
}

/** The range's money figures with their change, the chart by day, and the breakdowns and best sellers. */
export function SalesOverview({ sales }: { sales: SalesDashboard }) {
  const { current, previous } = sales;
  const period = sales.days === 1 ? 'the day before' : `the previous ${sales.days} days`;
  const title = sales.from === sales.to ? sales.from : `${sales.from} to ${sales.to}`;
  return (
    <>
      <StatCards
        label={`Sales, ${title}`}
        stats={[
          {
            title: 'Paid revenue',
            value: formatMoney(current.paidRevenueCents),
            note: changeNote(current.paidRevenueCents, previous.paidRevenueCents, period),
          },
          {
            title: 'Paid orders',
            value: String(current.paidOrders),
            note: changeNote(current.paidOrders, previous.paidOrders, period),
          },
          {
            title: 'Average order value',
            value: formatMoney(current.averageOrderValueCents),
            note: changeNote(current.averageOrderValueCents, previous.averageOrderValueCents, period),
          },
          {
            title: 'Refunds',
            value: `${formatMoney(current.refundedCents)} (${current.refunds})`,
            note: changeNote(current.refundedCents, previous.refundedCents, period),
          },
          {
            title: 'Payment failure rate',
            value:
              current.paymentFailureRate === null
                ? 'n/a'
                : `${percent(current.paymentFailureRate)} (${current.failedPaymentAttempts} of ${current.paymentAttempts})`,
            note: failureNote(current.paymentFailureRate, previous.paymentFailureRate, period),
          },
          {
            title: 'To collect at the door',
            value: `${formatMoney(sales.toCollectCents)} (${sales.toCollectOrders})`,
            note: 'Pay on delivery not yet received, now',
          },
        ]}
      />
      <p className="muted">
        Paid revenue counts orders when their payment completes (pay on delivery once the cash or M-Pesa is received),
        delivered or not; refunds are shown apart. Compared with {sales.previousFrom} to {sales.previousTo}.
      </p>
      <SalesChart days={sales.byDay} title={`Paid revenue by day, ${title}`} />
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="by-payment-method">
          <h2 id="by-payment-method">By payment method</h2>
          <AdminTableScroller label="By payment method table">
            <AdminTable
              columns={['Method', 'Paid orders', 'Paid revenue', 'Failed attempts']}
              items={sales.byPaymentMethod}
              row={(method) => (
                <tr key={method.paymentMethod}>
                  <td>{paymentMethodNames[method.paymentMethod] ?? method.paymentMethod}</td>
                  <td>{method.paidOrders}</td>
                  <td>{formatMoney(method.paidRevenueCents)}</td>
                  <td>
                    {method.failedPaymentAttempts} of {method.paymentAttempts}
                  </td>
                </tr>
              )}
            />
          </AdminTableScroller>
        </section>
        <section className="admin-panel" aria-labelledby="by-location">
          <h2 id="by-location">By delivery location</h2>
          <AdminTableScroller label="By delivery location table">
            <AdminTable
              columns={['Location', 'Paid orders', 'Paid revenue']}
              items={sales.byLocation}
              row={(location) => (
                <tr key={location.deliveryLocationId}>
                  <td>{location.name}</td>
                  <td>{location.paidOrders}</td>
                  <td>{formatMoney(location.paidRevenueCents)}</td>
                </tr>
              )}
            />
          </AdminTableScroller>
        </section>
        <section className="admin-panel" aria-labelledby="top-products">
          <h2 id="top-products">Top products</h2>
          {sales.topProducts.length === 0 ? (
            <p className="muted">No paid orders in this range.</p>
          ) : (
            <AdminTable
              columns={['Product', 'Sold', 'Value']}
              items={sales.topProducts}
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
        <section className="admin-panel" aria-labelledby="top-sizes">
          <h2 id="top-sizes">Top sizes</h2>
          {sales.topSizes.length === 0 ? (
            <p className="muted">No paid orders in this range.</p>
          ) : (
            <AdminTable
              columns={['Size', 'Sold', 'Value']}
              items={sales.topSizes}
              row={(size) => (
                <tr key={`${size.productId}/${size.variantId ?? 'gone'}`}>
                  <td>{size.sizeLabel ? `${size.name} · ${size.sizeLabel}` : size.name}</td>
                  <td>{size.quantitySold}</td>
                  <td>{formatMoney(size.revenueCents)}</td>
                </tr>
              )}
            />
          )}
        </section>
      </div>
    </>
  );
}
