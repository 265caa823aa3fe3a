import { Migration } from '@mikro-orm/migrations';

/** A moment's day in the shop's calendar (Africa/Nairobi, decision 0104). */
const day = (column: string) => `(${column} at time zone 'Africa/Nairobi')::date`;

/** Trigger bodies start with this: the order generator switches the rollups off and rebuilds them once at its end. */
const unlessSwitchedOff = `if current_setting('manukato.sales_rollups', true) = 'off' then return null; end if;`;

/**
 * Decision 0104: the owner's dashboard reads small tables that PostgreSQL keeps up to date in the same transaction as
 * every write to orders, their items, payments and refunds, so a figure over two years of a million orders sums a
 * few thousand rows, and no instance can forget to update them.
 * - `sales_days`: per Nairobi day, order payment method and delivery location: paid orders and their totals (by paid
 *   time), processed refunds (by when they were processed), payment attempts and failed ones (by when started; cash
 *   recorded at the door is not an attempt).
 * - `sales_day_sizes`: per day, product and size (0: a size since deleted): what paid orders sold.
 * - `order_status_totals`: orders and their totals per spec status, spread over 16 slots by order id so that
 *   checkouts on many instances do not queue on one row.
 * Every change is an increment (`insert … on conflict do update set n = n + excluded.n`): concurrent writers wait
 * for each other's row and add, none overwrites. Rows are taken in a fixed order to avoid deadlocks.
 * `rebuild_sales_rollups()` recomputes all three from the source tables (this migration, the generator).
 * Written by hand; the tables are a read model, not entities (the schema diff skips them).
 */
export class Migration0036SalesRollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sales_days" (
  "day" date not null, "payment_method" text not null, "delivery_location_id" int not null,
  "paid_orders" int not null default 0, "paid_cents" bigint not null default 0,
  "refunds" int not null default 0, "refunded_cents" bigint not null default 0,
  "payment_attempts" int not null default 0, "failed_attempts" int not null default 0,
  constraint "sales_days_pkey" primary key ("day", "payment_method", "delivery_location_id"));`);
    this.addSql(`create table "sales_day_sizes" (
  "day" date not null, "product_id" int not null, "variant_id" int not null, "size_label" text not null default '',
  "quantity" int not null default 0, "revenue_cents" bigint not null default 0,
  constraint "sales_day_sizes_pkey" primary key ("day", "product_id", "variant_id"));`);
    this.addSql(`create table "order_status_totals" (
  "status" text not null, "slot" smallint not null, "orders" int not null default 0,
  "total_cents" bigint not null default 0,
  constraint "order_status_totals_pkey" primary key ("status", "slot"));`);

    this.addSql(`create function "sales_days_add"(p_day date, p_method text, p_location int, p_paid_orders int,
    p_paid_cents bigint, p_refunds int, p_refunded_cents bigint, p_attempts int, p_failed int)
  returns void language sql as $$
  insert into sales_days as s (day, payment_method, delivery_location_id, paid_orders, paid_cents, refunds,
                               refunded_cents, payment_attempts, failed_attempts)
  values (p_day, p_method, p_location, p_paid_orders, p_paid_cents, p_refunds, p_refunded_cents, p_attempts, p_failed)
  on conflict (day, payment_method, delivery_location_id) do update set
    paid_orders = s.paid_orders + excluded.paid_orders, paid_cents = s.paid_cents + excluded.paid_cents,
    refunds = s.refunds + excluded.refunds, refunded_cents = s.refunded_cents + excluded.refunded_cents,
    payment_attempts = s.payment_attempts + excluded.payment_attempts,
    failed_attempts = s.failed_attempts + excluded.failed_attempts
$$;`);
    // An order's lines, in key order (so two payments never take the same rows in opposite orders).
    this.addSql(`create function "sales_day_sizes_add"(p_order uuid, p_day date, p_sign int)
  returns void language sql as $$
  insert into sales_day_sizes as s (day, product_id, variant_id, size_label, quantity, revenue_cents)
  select p_day, oi.product_id, coalesce(oi.variant_id, 0), max(oi.size_label), p_sign * sum(oi.quantity),
         p_sign * sum(oi.quantity::bigint * oi.unit_price_cents)
    from order_items oi where oi.order_id = p_order
   group by oi.product_id, coalesce(oi.variant_id, 0)
   order by 2, 3
  on conflict (day, product_id, variant_id) do update set
    quantity = s.quantity + excluded.quantity, revenue_cents = s.revenue_cents + excluded.revenue_cents,
    size_label = excluded.size_label
$$;`);
    this.addSql(`create function "order_status_totals_add"(p_status text, p_slot smallint, p_orders int, p_cents bigint)
  returns void language sql as $$
  insert into order_status_totals as s (status, slot, orders, total_cents) values (p_status, p_slot, p_orders, p_cents)
  on conflict (status, slot) do update set orders = s.orders + excluded.orders,
    total_cents = s.total_cents + excluded.total_cents
$$;`);

    // Paid: payment completed with a paid time. Counted on the paid day, under the order's method and location.
    this.addSql(`create function "orders_sales_changed"() returns trigger language plpgsql as $$
declare
  was_paid boolean := false;
  is_paid boolean := false;
begin
  ${unlessSwitchedOff}
  if tg_op <> 'INSERT' then was_paid := old.payment_status = 'completed' and old.paid_at is not null; end if;
  if tg_op <> 'DELETE' then is_paid := new.payment_status = 'completed' and new.paid_at is not null; end if;
  if tg_op = 'UPDATE' and was_paid = is_paid and (not is_paid or (
       ${day('old.paid_at')} = ${day('new.paid_at')} and old.payment_method = new.payment_method
       and old.delivery_location_id = new.delivery_location_id and old.total_cents = new.total_cents)) then
    return null;
  end if;
  if was_paid then
    perform sales_days_add(${day('old.paid_at')}, old.payment_method, old.delivery_location_id, -1,
                           -old.total_cents, 0, 0, 0, 0);
    perform sales_day_sizes_add(old.id, ${day('old.paid_at')}, -1);
  end if;
  if is_paid then
    perform sales_days_add(${day('new.paid_at')}, new.payment_method, new.delivery_location_id, 1,
                           new.total_cents, 0, 0, 0, 0);
    perform sales_day_sizes_add(new.id, ${day('new.paid_at')}, 1);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "orders_sales" after insert or update of "payment_status", "paid_at", "payment_method", "delivery_location_id", "total_cents" or delete on "orders" for each row execute function "orders_sales_changed"();`,
    );

    // A line written after its order was paid (an order inserted as paid, with its lines after it).
    this.addSql(`create function "order_items_sales_changed"() returns trigger language plpgsql as $$
declare
  paid_day date;
begin
  ${unlessSwitchedOff}
  select ${day('o.paid_at')} into paid_day from orders o
   where o.id = new.order_id and o.payment_status = 'completed' and o.paid_at is not null;
  if paid_day is not null then
    insert into sales_day_sizes as s (day, product_id, variant_id, size_label, quantity, revenue_cents)
    values (paid_day, new.product_id, coalesce(new.variant_id, 0), new.size_label, new.quantity,
            new.quantity::bigint * new.unit_price_cents)
    on conflict (day, product_id, variant_id) do update set quantity = s.quantity + excluded.quantity,
      revenue_cents = s.revenue_cents + excluded.revenue_cents, size_label = excluded.size_label;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "order_items_sales" after insert on "order_items" for each row execute function "order_items_sales_changed"();`,
    );

    // The spec's cards: orders and totals per status. Two rows move in status order (no deadlock between opposites).
    this.addSql(`create function "orders_status_changed"() returns trigger language plpgsql as $$
declare
  slot smallint := get_byte(uuid_send(coalesce(new.id, old.id)), 15) & 15;
begin
  ${unlessSwitchedOff}
  if tg_op = 'INSERT' then
    perform order_status_totals_add(new.status, slot, 1, new.total_cents);
  elsif tg_op = 'DELETE' then
    perform order_status_totals_add(old.status, slot, -1, -old.total_cents);
  elsif old.status <> new.status or old.total_cents <> new.total_cents then
    if old.status <= new.status then
      perform order_status_totals_add(old.status, slot, -1, -old.total_cents);
      perform order_status_totals_add(new.status, slot, 1, new.total_cents);
    else
      perform order_status_totals_add(new.status, slot, 1, new.total_cents);
      perform order_status_totals_add(old.status, slot, -1, -old.total_cents);
    end if;
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "orders_status_totals" after insert or update of "status", "total_cents" or delete on "orders" for each row execute function "orders_status_changed"();`,
    );

    // Payment attempts (Paystack's, not cash recorded at the door), on the day they started.
    this.addSql(`create function "transactions_sales_changed"() returns trigger language plpgsql as $$
declare
  counted_old boolean := false;
  counted_new boolean := false;
  o record;
begin
  ${unlessSwitchedOff}
  if tg_op <> 'INSERT' then counted_old := old.method <> 'on_delivery'; end if;
  if tg_op <> 'DELETE' then counted_new := new.method <> 'on_delivery'; end if;
  if tg_op = 'UPDATE' and counted_old = counted_new and (not counted_new or (
       (old.status = 'failed') = (new.status = 'failed') and ${day('old.created_at')} = ${day('new.created_at')})) then
    return null;
  end if;
  if not (counted_old or counted_new) then return null; end if;
  select payment_method, delivery_location_id into o from orders where id = coalesce(new.order_id, old.order_id);
  if not found then return null; end if;
  if counted_old then
    perform sales_days_add(${day('old.created_at')}, o.payment_method, o.delivery_location_id, 0, 0, 0, 0, -1,
                           -(old.status = 'failed')::int);
  end if;
  if counted_new then
    perform sales_days_add(${day('new.created_at')}, o.payment_method, o.delivery_location_id, 0, 0, 0, 0, 1,
                           (new.status = 'failed')::int);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "transactions_sales" after insert or update of "status", "method", "created_at" or delete on "transactions" for each row execute function "transactions_sales_changed"();`,
    );

    // Processed refunds, on the day they were processed (a refund's last update is the one that processed it).
    this.addSql(`create function "refunds_sales_changed"() returns trigger language plpgsql as $$
declare
  counted_old boolean := false;
  counted_new boolean := false;
  o record;
begin
  ${unlessSwitchedOff}
  if tg_op <> 'INSERT' then counted_old := old.status = 'processed'; end if;
  if tg_op <> 'DELETE' then counted_new := new.status = 'processed'; end if;
  if tg_op = 'UPDATE' and counted_old = counted_new and (not counted_new or (
       ${day('old.updated_at')} = ${day('new.updated_at')} and old.amount_cents = new.amount_cents)) then
    return null;
  end if;
  if not (counted_old or counted_new) then return null; end if;
  select payment_method, delivery_location_id into o from orders where id = coalesce(new.order_id, old.order_id);
  if not found then return null; end if;
  if counted_old then
    perform sales_days_add(${day('old.updated_at')}, o.payment_method, o.delivery_location_id, 0, 0, -1,
                           -old.amount_cents, 0, 0);
  end if;
  if counted_new then
    perform sales_days_add(${day('new.updated_at')}, o.payment_method, o.delivery_location_id, 0, 0, 1,
                           new.amount_cents, 0, 0);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "refunds_sales" after insert or update of "status", "updated_at", "amount_cents" or delete on "refunds" for each row execute function "refunds_sales_changed"();`,
    );

    // From the source tables, under a lock that makes concurrent writers' increments wait until it is done.
    this.addSql(`create function "rebuild_sales_rollups"() returns void language plpgsql as $$
begin
  lock table sales_days, sales_day_sizes, order_status_totals in exclusive mode;
  delete from sales_days;
  delete from sales_day_sizes;
  delete from order_status_totals;
  insert into sales_days (day, payment_method, delivery_location_id, paid_orders, paid_cents, refunds,
                          refunded_cents, payment_attempts, failed_attempts)
  select day, payment_method, delivery_location_id, sum(paid_orders), sum(paid_cents), sum(refunds),
         sum(refunded_cents), sum(payment_attempts), sum(failed_attempts)
    from (
      select ${day('paid_at')} as day, payment_method, delivery_location_id, count(*) as paid_orders,
             sum(total_cents) as paid_cents, 0 as refunds, 0 as refunded_cents, 0 as payment_attempts,
             0 as failed_attempts
        from orders where payment_status = 'completed' and paid_at is not null group by 1, 2, 3
      union all
      select ${day('r.updated_at')}, o.payment_method, o.delivery_location_id, 0, 0, count(*), sum(r.amount_cents), 0, 0
        from refunds r join orders o on o.id = r.order_id where r.status = 'processed' group by 1, 2, 3
      union all
      select ${day('t.created_at')}, o.payment_method, o.delivery_location_id, 0, 0, 0, 0, count(*),
             count(*) filter (where t.status = 'failed')
        from transactions t join orders o on o.id = t.order_id where t.method <> 'on_delivery' group by 1, 2, 3
    ) figures
   group by 1, 2, 3;
  insert into sales_day_sizes (day, product_id, variant_id, size_label, quantity, revenue_cents)
  select ${day('o.paid_at')}, oi.product_id, coalesce(oi.variant_id, 0), max(oi.size_label), sum(oi.quantity),
         sum(oi.quantity::bigint * oi.unit_price_cents)
    from order_items oi join orders o on o.id = oi.order_id
   where o.payment_status = 'completed' and o.paid_at is not null
   group by 1, 2, 3;
  insert into order_status_totals (status, slot, orders, total_cents)
  select status, get_byte(uuid_send(id), 15) & 15, count(*), sum(total_cents) from orders group by 1, 2;
end $$;`);
    this.addSql(`select rebuild_sales_rollups();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "orders_sales" on "orders";`);
    this.addSql(`drop trigger if exists "orders_status_totals" on "orders";`);
    this.addSql(`drop trigger if exists "order_items_sales" on "order_items";`);
    this.addSql(`drop trigger if exists "transactions_sales" on "transactions";`);
    this.addSql(`drop trigger if exists "refunds_sales" on "refunds";`);
    this.addSql(`drop function if exists "rebuild_sales_rollups"();`);
    this.addSql(`drop function if exists "orders_sales_changed"();`);
    this.addSql(`drop function if exists "orders_status_changed"();`);
    this.addSql(`drop function if exists "order_items_sales_changed"();`);
    this.addSql(`drop function if exists "transactions_sales_changed"();`);
    this.addSql(`drop function if exists "refunds_sales_changed"();`);
    this.addSql(`drop function if exists "sales_days_add"(date, text, int, int, bigint, int, bigint, int, int);`);
    this.addSql(`drop function if exists "sales_day_sizes_add"(uuid, date, int);`);
    this.addSql(`drop function if exists "order_status_totals_add"(text, smallint, int, bigint);`);
    this.addSql(`drop table if exists "sales_days";`);
    this.addSql(`drop table if exists "sales_day_sizes";`);
    this.addSql(`drop table if exists "order_status_totals";`);
  }
}
