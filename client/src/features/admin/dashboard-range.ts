import type { SalesDashboardQueryVariables } from './api/sales-dashboard.generated';

/** The range the dashboard's sales figures cover: a preset ending today, or a custom from–to. */
export type DashboardRange = SalesDashboardQueryVariables['range'];

/** The sales CSV's address for a range: the same query the page ran. */
export function salesCsvHref(range: DashboardRange): string {
  const query = new URLSearchParams({ period: range.period.toLowerCase() });
  if (range.period === 'CUSTOM') {
    query.set('from', range.from ?? '');
    query.set('to', range.to ?? '');
  }
  return `/api/admin/export/sales.csv?${query.toString()}`;
}
