import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27: an order's way to the door beside the spec's status (packed, out for delivery with a rider or courier,
 * a failed attempt, delivered), each step recorded with who and when, and an unguessable tracking link per order.
 * Orders already delivered start as delivered; existing orders get a token of 122 random bits (gen_random_uuid).
 */
export class Migration0033FulfilmentStages extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "orders" add column "fulfilment_stage" text check ("fulfilment_stage" in ('unfulfilled', 'packed', 'out_for_delivery', 'delivery_failed', 'delivered')) not null default 'unfulfilled', add column "tracking_token" text null, add column "rider_name" text null, add column "rider_phone" text null, add column "courier_name" text null, add column "tracking_number" text null, add column "next_attempt_on" date null;`,
    );
    this.addSql(`update "orders" set "fulfilment_stage" = 'delivered' where "status" = 'delivered';`);
    this.addSql(`update "orders" set "tracking_token" = replace(gen_random_uuid()::text, '-', '');`);
    this.addSql(`alter table "orders" alter column "tracking_token" set not null;`);
    this.addSql(`alter table "orders" add constraint "orders_tracking_token_unique" unique ("tracking_token");`);
    this.addSql(
      `create table "order_fulfilment_events" ("id" serial primary key, "order_id" uuid not null, "stage" text check ("stage" in ('unfulfilled', 'packed', 'out_for_delivery', 'delivery_failed', 'delivered')) not null, "by_id" uuid null, "at" timestamptz not null default now(), "rider_name" text null, "rider_phone" text null, "courier_name" text null, "tracking_number" text null, "reason" text null, "next_attempt_on" date null);`,
    );
    this.addSql(
      `create index "order_fulfilment_events_order_id_at_index" on "order_fulfilment_events" ("order_id", "at");`,
    );
    this.addSql(
      `alter table "order_fulfilment_events" add constraint "order_fulfilment_events_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "order_fulfilment_events" add constraint "order_fulfilment_events_by_id_foreign" foreign key ("by_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_fulfilment_events";`);
    this.addSql(
      `alter table "orders" drop constraint if exists "orders_tracking_token_unique", drop column "fulfilment_stage", drop column "tracking_token", drop column "rider_name", drop column "rider_phone", drop column "courier_name", drop column "tracking_number", drop column "next_attempt_on";`,
    );
  }
}
