import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../../shared/format-money';
import { AdminTable } from './admin-table';

// Only the pieces a bar chart needs: Chart.js is tree-shakable when its parts are registered by hand.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface DailySalesPoint {
  day: string;
  paidRevenueCents: number;
  paidOrders: number;
}

const dayLabel = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function labelOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

/**
 * Paid revenue per day as bars (Chart.js on a canvas), with the same figures in a table for screen readers
 * and for anyone who wants the numbers.
 */
export function SalesChart({ days, title }: { days: readonly DailySalesPoint[]; title: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    // jsdom (tests) has no 2D context; the table below still carries the figures.
    const context = canvas && typeof CanvasRenderingContext2D !== 'undefined' ? canvas.getContext('2d') : null;
    if (!context) return;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: days.map((point) => labelOf(point.day)),
        datasets: [
          {
            label: 'Paid revenue (Ksh)',
            data: days.map((point) => point.paidRevenueCents / 100),
            backgroundColor: '#8a5a44',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true } },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const point = days[item.dataIndex];
                return point ? `${formatMoney(point.paidRevenueCents)} (${point.paidOrders} orders)` : '';
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);

  return (
    <figure className="admin-panel">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      <div className="admin-chart">
        <canvas ref={canvasRef} role="img" aria-label={`${title}: paid revenue per day`} />
      </div>
      <details>
        <summary>Figures</summary>
        <AdminTable
          columns={['Day', 'Paid orders', 'Paid revenue']}
          items={days}
          row={(point) => (
            <tr key={point.day}>
              <td>{point.day}</td>
              <td>{point.paidOrders}</td>
              <td>{formatMoney(point.paidRevenueCents)}</td>
            </tr>
          )}
        />
      </details>
    </figure>
  );
}
