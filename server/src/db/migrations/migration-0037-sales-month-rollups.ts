import { Migration } from '@mikro-orm/migrations';

/** As in migration 0036: the order generator switches the rollups off and rebuilds them once at its end. */
const unlessSwitchedOff = `if current_setting('manukato.sales_rollups', true) = 'off' then return null; end if;`;

const measures = [
  'paid_orders',
  'paid_cents',
  'refunds',
  'refunded_cents',
  'payment_attempts',
  'failed_attempts',
] as const;

/** `p(old)`/`p(new)`, or the difference of an update, for each of the day rollup's measures. */
const measuresOf = (row: (measure: string) => string) => measures.map(row).join(', ');

/**
 * Decision 0111: a level above the day rollups of migration 0036. Over two years of a million orders the dashboard
 * summed ~9,000 day rows four times and grouped ~25,000 size rows in every request (16 ms of PostgreSQL's time, a
 * p99 of 770 ms with ten owners' tabs at once); whole months now come from rows a month, and only the days at either
 * end of a range from the day rollups.
 * - `sales_months`: `sales_days` summed per calendar month (its first day), payment method and delivery location.
 * - `sales_month_sizes`: `sales_day_sizes` summed per month, product and size.
 * Kept by triggers on the day rollups, so every write that moves a day moves its month in the same transaction, by
 * the same increments (a month row is taken after its day row: the same order for every writer).
 * `rebuild_sales_rollups()` now rebuilds the day rollups (the former function, renamed) and then the months.
 */
export class Migration0037SalesMonthRollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sales_months" (
  "month" date not null, "payment_method" text not null, "delivery_location_id" int not null,
  "paid_orders" int not null default 0, "paid_cents" bigint not null default 0,
  "refunds" int not null default 0, "refunded_cents" bigint not null default 0,
  "payment_attempts" int not null default 0, "failed_attempts" int not null default 0,
  constraint "sales_months_pkey" primary key ("month", "payment_method", "delivery_location_id"));`);
    this.addSql(`create table "sales_month_sizes" (
  "month" date not null, "product_id" int not null, "variant_id" int not null, "size_label" text not null default '',
  "quantity" int not null default 0, "revenue_cents" bigint not null default 0,
  constraint "sales_month_sizes_pkey" primary key ("month", "product_id", "variant_id"));`);

    this.addSql(`create function "sales_months_add"(p_month date, p_method text, p_location int, p_paid_orders int,
    p_paid_cents bigint, p_refunds int, p_refunded_cents bigint, p_attempts int, p_failed int)
  returns void language sql as $$
  insert into sales_months as s (month, payment_method, delivery_location_id, ${measuresOf((m) => m)})
  values (p_month, p_method, p_location, p_paid_orders, p_paid_cents, p_refunds, p_refunded_cents, p_attempts, p_failed)
  on conflict (month, payment_method, delivery_location_id) do update set
    ${measuresOf((m) => `${m} = s.${m} + excluded.${m}`)}
$$;`);
    this.addSql(`create function "sales_month_sizes_add"(p_month date, p_product int, p_variant int, p_label text,
    p_quantity int, p_revenue bigint)
  returns void language sql as $$
  insert into sales_month_sizes as s (month, product_id, variant_id, size_label, quantity, revenue_cents)
  values (p_month, p_product, p_variant, p_label, p_quantity, p_revenue)
  on conflict (month, product_id, variant_id) do update set quantity = s.quantity + excluded.quantity,
    revenue_cents = s.revenue_cents + excluded.revenue_cents, size_label = excluded.size_label
$$;`);

    // A day row's change moves its month by the same amount (an update in place: by the difference, one upsert).
    const month = (row: string) => `date_trunc('month', ${row}.day)::date`;
    this.addSql(`create function "sales_days_rolled_up"() returns trigger language plpgsql as $$
begin
  ${unlessSwitchedOff}
  if tg_op = 'UPDATE' and old.day = new.day and old.payment_method = new.payment_method
     and old.delivery_location_id = new.delivery_location_id then
    perform sales_months_add(${month('new')}, new.payment_method, new.delivery_location_id,
                             ${measuresOf((m) => `new.${m} - old.${m}`)});
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform sales_months_add(${month('old')}, old.payment_method, old.delivery_location_id,
                             ${measuresOf((m) => `-old.${m}`)});
  end if;
  if tg_op <> 'DELETE' then
    perform sales_months_add(${month('new')}, new.payment_method, new.delivery_location_id,
                             ${measuresOf((m) => `new.${m}`)});
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "sales_days_months" after insert or update or delete on "sales_days" for each row execute function "sales_days_rolled_up"();`,
    );
    this.addSql(`create function "sales_day_sizes_rolled_up"() returns trigger language plpgsql as $$
begin
  ${unlessSwitchedOff}
  if tg_op = 'UPDATE' and old.day = new.day and old.product_id = new.product_id and old.variant_id = new.variant_id then
    perform sales_month_sizes_add(${month('new')}, new.product_id, new.variant_id, new.size_label,
                                  new.quantity - old.quantity, new.revenue_cents - old.revenue_cents);
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform sales_month_sizes_add(${month('old')}, old.product_id, old.variant_id, old.size_label, -old.quantity,
                                  -old.revenue_cents);
  end if;
  if tg_op <> 'DELETE' then
    perform sales_month_sizes_add(${month('new')}, new.product_id, new.variant_id, new.size_label, new.quantity,
                                  new.revenue_cents);
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "sales_day_sizes_months" after insert or update or delete on "sales_day_sizes" for each row execute function "sales_day_sizes_rolled_up"();`,
    );

    // The day rollups as before (renamed), then the months from them in one pass, the triggers above off meanwhile.
    this.addSql(`alter function "rebuild_sales_rollups"() rename to "rebuild_sales_day_rollups";`);
    this.addSql(`create function "rebuild_sales_rollups"() returns void language plpgsql as $$
declare
  switched text := coalesce(current_setting('manukato.sales_rollups', true), '');
begin
  perform set_config('manukato.sales_rollups', 'off', true);
  perform rebuild_sales_day_rollups();
  lock table sales_months, sales_month_sizes in exclusive mode;
  delete from sales_months;
  delete from sales_month_sizes;
  insert into sales_months (month, payment_method, delivery_location_id, ${measuresOf((m) => m)})
  select date_trunc('month', day)::date, payment_method, delivery_location_id, ${measuresOf((m) => `sum(${m})`)}
    from sales_days group by 1, 2, 3;
  insert into sales_month_sizes (month, product_id, variant_id, size_label, quantity, revenue_cents)
  select date_trunc('month', day)::date, product_id, variant_id, max(size_label), sum(quantity), sum(revenue_cents)
    from sales_day_sizes group by 1, 2, 3;
  perform set_config('manukato.sales_rollups', switched, true);
end $$;`);
    this.addSql(`select rebuild_sales_rollups();`);

    // The spec's cards over a big history: the newest accounts by index (a sort of every account before), and the
    // orders still to collect summed from their index alone.
    this.addSql(`create index "users_created_at_id_index" on "users" ("created_at", "id");`);
    this.addSql(`drop index if exists "orders_to_collect_index";`);
    this.addSql(
      `create index "orders_to_collect_index" on "orders" ("created_at") include ("total_cents") where payment_method = 'on_delivery' and payment_status = 'pending' and status <> 'cancelled';`,
    );
    // The sweep of run-out holds read every paid order too (a paid order keeps its stock: nothing releases it), 0.5 s
    // a minute at a million orders; the index now holds only what the sweep can release.
    this.addSql(`drop index if exists "orders_reserved_until_index";`);
    this.addSql(
      `create index "orders_reserved_until_index" on "orders" ("reserved_until") where stock_released_at is null and payment_status = 'pending' and status = 'pending' and payment_method <> 'on_delivery';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_reserved_until_index";`);
    this.addSql(
      `create index "orders_reserved_until_index" on "orders" ("reserved_until") where "stock_released_at" is null;`,
    );
    this.addSql(`drop index if exists "users_created_at_id_index";`);
    this.addSql(`drop index if exists "orders_to_collect_index";`);
    this.addSql(
      `create index "orders_to_collect_index" on "orders" ("created_at") where payment_method = 'on_delivery' and payment_status = 'pending' and status <> 'cancelled';`,
    );
    this.addSql(`drop function if exists "rebuild_sales_rollups"();`);
    this.addSql(`alter function "rebuild_sales_day_rollups"() rename to "rebuild_sales_rollups";`);
    this.addSql(`drop trigger if exists "sales_days_months" on "sales_days";`);
    this.addSql(`drop trigger if exists "sales_day_sizes_months" on "sales_day_sizes";`);
    this.addSql(`drop function if exists "sales_days_rolled_up"();`);
    this.addSql(`drop function if exists "sales_day_sizes_rolled_up"();`);
    this.addSql(`drop function if exists "sales_months_add"(date, text, int, int, bigint, int, bigint, int, int);`);
    this.addSql(`drop function if exists "sales_month_sizes_add"(date, int, int, text, int, bigint);`);
    this.addSql(`drop table if exists "sales_months";`);
    this.addSql(`drop table if exists "sales_month_sizes";`);
  }
}
