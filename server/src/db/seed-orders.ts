import type { ClientBase } from 'pg';
import { singleRow } from '../shared/single-row';
import { concentrationNames } from '../modules/catalog/size-label';

/** What `npm run seed:orders` was asked for. */
export interface OrderSeedOptions {
  orders: number;
  /** Days of history, ending now. */
  days: number;
  /** Same seed, same starting database: the same orders (PostgreSQL's setseed). */
  seed: number;
  /** Add another batch although one was generated before. */
  again: boolean;
}

export interface OrderSeedResult {
  run: number;
  orders: number;
  items: number;
  shoppers: number;
  transactions: number;
  failedPayments: number;
  refunds: number;
  paid: number;
  delivered: number;
  pending: number;
  cancelled: number;
  toCollect: number;
  byMethod: Record<string, number>;
  first: string;
  last: string;
}

export const maximumGeneratedOrders = 5_000_000;
/** Generated orders' idempotency keys start with this: how a second run finds the first. */
export const generatedOrderKey = 'seed-orders:';

/** A size as sizeLabel() names it (size-label.ts), in SQL: the label an order line keeps. */
const sizeLabelSql = `concat_ws(' · ',
    nullif(case when v.size_ml is null then case when v.is_sample then 'Sample' else '' end
                else v.size_ml || ' ml' || case when v.is_sample then ' decant' else '' end end, ''),
    case v.concentration ${Object.entries(concentrationNames)
      .map(([key, name]) => `when '${key}' then '${name}'`)
      .join(' ')} end)`;

/**
 * A history of orders generated inside PostgreSQL (generate_series; nothing per order travels over the wire), in one
 * transaction: shoppers, orders over the last `days` days across the delivery locations, their lines from the
 * existing sizes (popular ones far more often), payments by M-Pesa, card and on delivery (some declined, cash and
 * door M-Pesa at the door), delivered, pending and cancelled orders, processed refunds. The dashboard's rollups are
 * switched off for the inserts (a trigger per row would cost minutes) and rebuilt once at the end (decision 0104).
 */
export async function seedOrders(client: ClientBase, options: OrderSeedOptions): Promise<OrderSeedResult> {
  const { orders, days, seed, again } = options;
  if (!Number.isInteger(orders) || orders < 1 || orders > maximumGeneratedOrders)
    throw new Error(`orders must be a whole number from 1 to ${maximumGeneratedOrders}`);
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new Error('days must be a whole number from 1 to 3660');
  const one = async <Row extends object>(sql: string, params: unknown[] = []) =>
    singleRow((await client.query<Row>(sql, params)).rows);

  await client.query('begin');
  try {
    // One generator at a time; the shop may keep running (its writes wait only for the rollups' rebuild).
    await client.query(`select pg_advisory_xact_lock(hashtext('manukato seed:orders'))`);
    await client.query(`set local manukato.sales_rollups = 'off'`);
    const { runs } = await one<{ runs: number }>(
      `select count(distinct split_part(idempotency_key, ':', 2))::int as runs from orders
        where idempotency_key like '${generatedOrderKey}%'`,
    );
    if (runs > 0 && !again)
      throw new Error(
        `this database already has ${runs} generated batch${runs === 1 ? '' : 'es'} of orders: pass --again to add another`,
      );
    const run = runs + 1;
    // Seeds PostgreSQL's random() for this session: same seed, same database, same orders.
    await client.query('select setseed($1)', [((seed % 2000) - 1000) / 1000]);

    await client.query(`create temp table seed_sizes on commit drop as
      select (row_number() over (order by p.id, v.position, v.id) - 1)::int as n, v.product_id, v.id as variant_id,
             p.name, ${sizeLabelSql} as size_label, v.effective_price_cents as price_cents
        from product_variants v join products p on p.id = v.product_id
       where v.archived_at is null and p.archived_at is null`);
    const { sizes } = await one<{ sizes: number }>('select count(*)::int as sizes from seed_sizes');
    if (sizes === 0) throw new Error('the shop has no products to order: seed the catalogue first');
    await client.query(`create temp table seed_locations on commit drop as
      select (row_number() over (order by position, id) - 1)::int as n, id, fee_cents from delivery_locations`);
    const { locations } = await one<{ locations: number }>('select count(*)::int as locations from seed_locations');
    if (locations === 0) throw new Error('the shop has no delivery locations: start it once first');

    // A shopper per hundred orders (at least 10), each ordering several times.
    const shoppers = Math.max(10, Math.ceil(orders / 100));
    await client.query(
      `create temp table seed_shoppers on commit drop as
         select g - 1 as n, gen_random_uuid() as id from generate_series(1, $1::int) g`,
      [shoppers],
    );
    await client.query(
      `insert into users (id, first, last, email, role, created_at)
       select id, 'Shopper', 'Generated ' || ($1::int * 10000000 + n), 'shopper-' || $1 || '-' || n || '@generated.invalid',
              'USER', now() - make_interval(days => $2::int)
         from seed_shoppers`,
      [run, days],
    );

    // Each order's dice, drawn once. Popular sizes and locations come up far more often (random()² and ³).
    await client.query(
      `create temp table seed_orders on commit drop as
       select g as n, gen_random_uuid() as id, gen_random_uuid() as payment_id,
              now() - make_interval(secs => random() * $2::int * 86400) as created_at,
              (random() * $3::int)::int % $3::int as shopper,
              floor($4::int * power(random(), 2))::int as location,
              case when r < 0.55 then 'mpesa' when r < 0.85 then 'card' else 'on_delivery' end as method,
              random() as fate, random() as refund_die, 1 + floor(random() * 3)::int as lines
         -- 0 * g ties the draw to the row: an uncorrelated subquery is drawn once for all of them.
         from generate_series(1, $1::int) g, lateral (select random() + 0 * g as r) m`,
      [orders, days, shoppers, locations],
    );
    await client.query(
      `create temp table seed_items on commit drop as
       select o.id as order_id, s.product_id, s.variant_id, s.name, s.size_label, s.price_cents,
              1 + (random() < 0.2)::int as quantity
         from seed_orders o, generate_series(1, o.lines) line,
              lateral (select floor($1::int * power(random(), 3))::int + 0 * line as pick) p
         join seed_sizes s on s.n = p.pick`,
      [sizes],
    );
    // Lines of the same size in one order are one line with their quantities added, as the cart would make them.
    await client.query(`create temp table seed_lines on commit drop as
      select order_id, product_id, variant_id, min(name) as name, min(size_label) as size_label,
             min(price_cents) as price_cents, sum(quantity)::int as quantity
        from seed_items group by order_id, product_id, variant_id`);
    // The outcome of each order, by its age: prepaid ones were paid (or declined) within the hour; those paid on
    // delivery were collected a day or two later; older orders are delivered or cancelled, recent ones pending.
    await client.query(`create temp table seed_outcomes on commit drop as
      select o.*, t.subtotal, t.subtotal + case when t.subtotal >= 1000000 then 0 else l.fee_cents end as total,
             l.id as location_id,
             case
               when o.method <> 'on_delivery' and o.fate < 0.08 then 'declined'
               when o.method <> 'on_delivery' then 'paid'
               when o.created_at > now() - interval '3 days' then 'to_collect'
               when o.fate < 0.12 then 'refused_at_door'
               else 'paid' end as payment,
             o.created_at + case when o.method = 'on_delivery' then make_interval(hours => 20 + (o.fate * 40)::int)
                                 else make_interval(mins => 1 + (o.fate * 30)::int) end as paid_at_raw
        from seed_orders o
        join (select order_id, sum(quantity * price_cents)::int as subtotal from seed_lines group by order_id) t
          on t.order_id = o.id
        join seed_locations l on l.n = o.location`);
    await client.query(`create temp table seed_final on commit drop as
      select s.*, case when s.payment = 'paid' then least(s.paid_at_raw, now()) end as paid_at,
             case
               when s.payment in ('declined', 'refused_at_door') then 'cancelled'
               when s.payment = 'to_collect' then 'pending'
               when s.created_at > now() - interval '5 days' and s.fate < 0.9 then 'pending'
               when s.refund_die < 0.04 and s.method <> 'on_delivery' then 'cancelled'
               else 'delivered' end as status
        from seed_outcomes s`);

    const trackingColumn = await one<{ present: boolean }>(
      `select exists (select 1 from information_schema.columns where table_schema = current_schema()
                         and table_name = 'orders' and column_name = 'tracking_token') as present`,
    );
    const stageColumn = await one<{ present: boolean }>(
      `select exists (select 1 from information_schema.columns where table_schema = current_schema()
                         and table_name = 'orders' and column_name = 'fulfilment_stage') as present`,
    );
    // Issue 27's fulfilment columns, when this database has them: a tracking token each, delivered ones delivered.
    const extraColumns = [
      ...(trackingColumn.present ? ['tracking_token'] : []),
      ...(stageColumn.present ? ['fulfilment_stage'] : []),
    ];
    const extraValues = [
      ...(trackingColumn.present ? [`replace(gen_random_uuid()::text, '-', '')`] : []),
      ...(stageColumn.present ? [`case when f.status = 'delivered' then 'delivered' else 'unfulfilled' end`] : []),
    ];
    await client.query(
      `insert into orders (id, user_id, status, payment_status, payment_method, subtotal_cents, shipping_fee_cents,
              total_cents, currency, refunded_cents, delivery_location_id, recipient_name, recipient_email,
              recipient_phone, shipping_address, shipping_city, shipping_postal_code, reserved_until,
              stock_released_at, created_at, paid_at, cash_received_at, idempotency_key${extraColumns.map((c) => `, ${c}`).join('')})
       select f.id, u.id, f.status,
              case f.payment when 'paid' then 'completed' when 'declined' then 'failed' else 'pending' end,
              f.method, f.subtotal, f.total - f.subtotal, f.total, 'KES',
              case when f.payment <> 'paid' or f.method = 'on_delivery' then 0
                   when f.status = 'cancelled' then f.total when f.refund_die > 0.98 then f.total / 2 else 0 end,
              f.location_id, 'Generated Shopper ' || f.n, 'shopper-' || $1 || '-' || f.shopper || '@generated.invalid',
              '+2547' || lpad((f.n % 100000000)::text, 8, '0'), 'Generated address ' || f.n, 'Nairobi', '00100',
              f.created_at + interval '30 minutes',
              case when f.status = 'cancelled' then f.created_at + interval '1 hour' end,
              f.created_at, f.paid_at,
              case when f.method = 'on_delivery' and f.payment = 'paid' and f.fate < 0.6 then f.paid_at end,
              '${generatedOrderKey}' || $1 || ':' || f.n${extraValues.map((v) => `, ${v}`).join('')}
         from seed_final f join seed_shoppers u on u.n = f.shopper`,
      [run],
    );
    await client.query(`insert into order_items (order_id, product_id, product_name, variant_id, size_label,
                                                 unit_price_cents, quantity)
      select order_id, product_id, name, variant_id, size_label, price_cents, quantity from seed_lines`);
    // The payment that paid (or was declined), plus a declined first try before one prepaid order in twenty.
    await client.query(
      `insert into transactions (id, order_id, reference, amount_cents, currency, method, status, created_at, updated_at)
       select f.payment_id, f.id, 'SEED-' || $1 || '-' || f.n, f.total, 'KES',
              case when f.method = 'on_delivery' and f.fate < 0.6 then 'on_delivery'
                   when f.method = 'card' then 'card' else 'mpesa' end,
              case f.payment when 'paid' then 'completed' else 'failed' end,
              coalesce(f.paid_at, f.created_at + interval '1 minute'), coalesce(f.paid_at, f.created_at + interval '2 minutes')
         from seed_final f where f.payment in ('paid', 'declined')
       union all
       select gen_random_uuid(), f.id, 'SEED-' || $1 || '-' || f.n || '-1', f.total, 'KES', f.method, 'failed',
              f.created_at + interval '30 seconds', f.created_at + interval '1 minute'
         from seed_final f where f.payment = 'paid' and f.method <> 'on_delivery' and f.refund_die between 0.5 and 0.55`,
      [run],
    );
    // Processed refunds: all of a cancelled paid order, half of one delivered order in fifty.
    await client.query(`insert into refunds (id, order_id, transaction_id, amount_cents, reason, status, restock,
                                             created_at, updated_at)
      select gen_random_uuid(), f.id, f.payment_id,
             case when f.status = 'cancelled' then f.total else f.total / 2 end,
             case when f.status = 'cancelled' then 'Cancelled after payment' else 'Bottle arrived damaged' end,
             'processed', false, least(f.paid_at + interval '1 day', now()), least(f.paid_at + interval '2 days', now())
        from seed_final f
       where f.payment = 'paid' and f.method <> 'on_delivery' and (f.status = 'cancelled' or f.refund_die > 0.98)`);

    const counts = await one<Omit<OrderSeedResult, 'run' | 'shoppers' | 'byMethod'>>(
      `select count(*)::int as orders, (select count(*)::int from seed_lines) as items,
              (select count(*)::int from transactions where reference like 'SEED-' || $1 || '-%') as transactions,
              (select count(*)::int from transactions where reference like 'SEED-' || $1 || '-%' and status = 'failed')
                as "failedPayments",
              (select count(*)::int from refunds r join seed_final f on f.id = r.order_id) as refunds,
              count(*) filter (where payment = 'paid')::int as paid,
              count(*) filter (where status = 'delivered')::int as delivered,
              count(*) filter (where status = 'pending')::int as pending,
              count(*) filter (where status = 'cancelled')::int as cancelled,
              count(*) filter (where payment = 'to_collect')::int as "toCollect",
              to_char(min(created_at) at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as first,
              to_char(max(created_at) at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as last
         from seed_final`,
      [run],
    );
    const methods = await client.query<{ method: string; orders: number }>(
      'select method, count(*)::int as orders from seed_final group by method order by method',
    );
    const byMethod = Object.fromEntries(methods.rows.map((row) => [row.method, row.orders]));
    // The rollups from the tables as they now are (the shop's own writes meanwhile wait for this, then add theirs).
    await client.query('select rebuild_sales_rollups()');
    await client.query('commit');
    await client.query('analyze orders, order_items, transactions, refunds, users');
    return { ...counts, byMethod, run, shoppers };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
