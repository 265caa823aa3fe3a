import { Client } from 'pg';
import { UserRole } from '../../accounts/user.entity';
import { seedOrders } from '../../../db/seed-orders';
import { startTestShop, type TestShop } from '../../../../test/test-shop';
import { createSignedInUser, type TestUser } from '../../../../test/users';
import { expiredReservationsSql } from '../../orders/orders.service';
import { resolveRange, rollupSpans } from '../sales-dashboard.service';

/**
 * Decision 0111: whole months of a range come from the month rollups, the days at either end from the day rollups.
 * Over a generated history of five months, every range (starting and ending inside months, on their edges, within
 * one month, across a year's end) answers what the day rollups alone add up to.
 */
let shop: TestShop;
let admin: TestUser;
let client: Client;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await createSignedInUser(shop, UserRole.ADMIN);
  client = new Client({ connectionString: shop.config.databaseUrl });
  await client.connect();
  await seedOrders(client, { orders: 1500, days: 150, seed: 11, again: false });
});
afterAll(async () => {
  await client.end();
  await shop.close();
});

interface Answer {
  days: number;
  current: Record<string, number | null>;
  previous: Record<string, number | null>;
  byDay: { day: string; paidRevenueCents: number; paidOrders: number; refundedCents: number }[];
  byPaymentMethod: { paymentMethod: string; paidRevenueCents: number; paidOrders: number }[];
  byLocation: { deliveryLocationId: number; paidRevenueCents: number; paidOrders: number }[];
  topSizes: { productId: number; variantId: number | null; quantitySold: number; revenueCents: number }[];
}

async function dashboard(from: string, to: string): Promise<Answer> {
  const answer = (
    await shop.http
      .post('/graphql')
      .set(admin.auth)
      .send({
        query: `query ($range: DashboardRangeInput!) { salesDashboard(range: $range) {
          days
          current { paidRevenueCents paidOrders refundedCents refunds paymentAttempts failedPaymentAttempts }
          previous { paidRevenueCents paidOrders refundedCents refunds paymentAttempts failedPaymentAttempts }
          byDay { day paidRevenueCents paidOrders refundedCents }
          byPaymentMethod { paymentMethod paidRevenueCents paidOrders }
          byLocation { deliveryLocationId paidRevenueCents paidOrders }
          topSizes { productId variantId quantitySold revenueCents }
        } }`,
        variables: { range: { period: 'CUSTOM', from, to } },
      })
  ).body;
  expect(answer.errors).toBeUndefined();
  return answer.data.salesDashboard as Answer;
}

/** The same figures from the day rollups alone: what the months must add up to. */
async function fromDays(from: string, to: string) {
  const one = async (sql: string) => (await client.query(sql, [from, to])).rows;
  const [figures] = await one(`select coalesce(sum(paid_cents), 0)::float8 as "paidRevenueCents",
      coalesce(sum(paid_orders), 0)::int as "paidOrders", coalesce(sum(refunded_cents), 0)::float8 as "refundedCents",
      coalesce(sum(refunds), 0)::int as refunds, coalesce(sum(payment_attempts), 0)::int as "paymentAttempts",
      coalesce(sum(failed_attempts), 0)::int as "failedPaymentAttempts"
    from sales_days where day between $1 and $2`);
  const byMethod = await one(`select payment_method as "paymentMethod", sum(paid_cents)::float8 as "paidRevenueCents",
      sum(paid_orders)::int as "paidOrders" from sales_days where day between $1 and $2 group by 1`);
  const byLocation = await one(`select delivery_location_id as "deliveryLocationId",
      sum(paid_cents)::float8 as "paidRevenueCents", sum(paid_orders)::int as "paidOrders"
    from sales_days where day between $1 and $2 group by 1`);
  const topSizes = await one(`select product_id as "productId", nullif(variant_id, 0) as "variantId",
      sum(quantity)::int as "quantitySold", sum(revenue_cents)::float8 as "revenueCents"
    from sales_day_sizes where day between $1 and $2 group by product_id, variant_id having sum(quantity) > 0
    order by 3 desc, 4 desc, 1, variant_id limit 10`);
  const days = await one(`select to_char(day, 'YYYY-MM-DD') as day, sum(paid_cents)::float8 as "paidRevenueCents"
    from sales_days where day between $1 and $2 group by day having sum(paid_orders) > 0 order by day`);
  return { figures, byMethod, byLocation, topSizes, days };
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('the month rollups', () => {
  it('splits a range into its whole months and the days at either end', () => {
    expect(rollupSpans('2026-01-15', '2026-04-10')).toEqual({
      months: ['2026-02-01', '2026-03-01'],
      head: ['2026-01-15', '2026-01-31'],
      tail: ['2026-04-01', '2026-04-10'],
    });
    expect(rollupSpans('2026-02-01', '2026-02-28')).toEqual({
      months: ['2026-02-01', '2026-02-01'],
      head: ['2026-02-01', '2026-01-31'],
      tail: ['2026-03-01', '2026-02-28'],
    });
    // Inside one month: days only (the month part ends before it starts).
    expect(rollupSpans('2026-02-03', '2026-02-27')).toEqual({
      months: ['2026-02-28', '2026-02-27'],
      head: ['2026-02-03', '2026-02-27'],
      tail: ['2026-02-28', '2026-02-27'],
    });
    // A leap year's February, across a year's end.
    expect(rollupSpans('2023-12-31', '2024-02-29')).toEqual({
      months: ['2024-01-01', '2024-02-01'],
      head: ['2023-12-31', '2023-12-31'],
      tail: ['2024-03-01', '2024-02-29'],
    });
  });

  it('answers every range as the day rollups alone add it up', async () => {
    const { rows } = await client.query<{ first: string; last: string }>(
      `select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
         from sales_days where paid_orders > 0`,
    );
    const { first, last } = rows[0]!;
    // At least three whole months of history between the ends.
    expect(Date.parse(last) - Date.parse(first)).toBeGreaterThan(120 * 86_400_000);
    const secondMonth = rollupSpans(first, last).months[0];
    const ranges: [string, string][] = [
      [first, last],
      [daysBefore(secondMonth, -9), daysBefore(last, 3)],
      [secondMonth, daysBefore(daysBefore(secondMonth, -62).slice(0, 8) + '01', 1)],
      [daysBefore(secondMonth, -3), daysBefore(secondMonth, -20)],
      [daysBefore(last, 400), last],
    ];
    for (const [from, to] of ranges) {
      const answer = await dashboard(from, to);
      const expected = await fromDays(from, to);
      const range = resolveRange({ period: 'custom', from, to }, last);
      const previous = await fromDays(range.previousFrom, range.previousTo);
      expect({ from, to, current: answer.current }).toEqual({ from, to, current: expected.figures });
      expect(answer.previous).toEqual(previous.figures);
      expect(answer.byPaymentMethod.filter((method) => method.paidOrders > 0)).toEqual(
        expect.arrayContaining(expected.byMethod),
      );
      expect(answer.byPaymentMethod.filter((method) => method.paidOrders > 0)).toHaveLength(expected.byMethod.length);
      expect(answer.byLocation.filter((location) => location.paidOrders > 0)).toEqual(
        expect.arrayContaining(expected.byLocation),
      );
      expect(answer.topSizes).toEqual(expected.topSizes);
      expect(answer.byDay).toHaveLength(answer.days);
      expect(
        answer.byDay
          .filter((day) => day.paidOrders > 0)
          .map(({ day, paidRevenueCents }) => ({ day, paidRevenueCents })),
      ).toEqual(expected.days);
    }
    expect((await fromDays(first, last)).figures.paidOrders).toBeGreaterThan(1000);
  });

  it('keeps the months in step with the days as payments arrive, and as a rebuild makes them', async () => {
    const months = `select json_agg(m order by month, payment_method, delivery_location_id) as months,
        (select json_agg(s order by month, product_id, variant_id) from sales_month_sizes s where quantity <> 0) as sizes
        from sales_months m where paid_orders <> 0 or refunds <> 0 or payment_attempts <> 0`;
    // Moving a paid order a month back moves its sums between months through the triggers alone.
    await client.query(
      `update orders set paid_at = paid_at - interval '31 days'
        where id = (select id from orders where payment_status = 'completed' and paid_at is not null
                     order by paid_at desc limit 1)`,
    );
    const kept = (await client.query(months)).rows[0];
    await client.query('select rebuild_sales_rollups()');
    const rebuilt = (await client.query(months)).rows[0];
    expect(kept.months.length).toBeGreaterThan(10);
    expect(kept).toEqual(rebuilt);
  });

  it('sweeps run-out stock holds without reading the paid orders (1,500 of them here)', async () => {
    let position = 0;
    const numbered = expiredReservationsSql.replace(/\?/g, () => `$${(position += 1)}`);
    await client.query('begin');
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${numbered}`,
        ['pending', 'pending', new Date(), 'on_delivery'],
      );
      const held = await client.query<{ held: number }>(
        `select count(*)::int as held from orders where stock_released_at is null and payment_status = 'pending'
            and status = 'pending' and payment_method <> 'on_delivery'`,
      );
      // Every row the plan read (kept or filtered out), from whatever scan: no more than the unpaid, held orders.
      const read = (node: PlanNode): number =>
        (node['Node Type'].includes('Scan') ? node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) : 0) +
        (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
      expect(read(rows[0]!['QUERY PLAN'][0].Plan)).toBeLessThanOrEqual(held.rows[0]!.held);
    } finally {
      await client.query('rollback');
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
