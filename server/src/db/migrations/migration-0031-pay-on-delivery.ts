import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: pay on delivery, switched on per delivery location up to a maximum order total; the cash a rider
 * collects (who recorded it, when); and a shopper's choice of WhatsApp for order updates. An order paid on delivery
 * keeps `on_delivery` as its method; a transaction with that method is cash received at the door.
 */
export class Migration0031PayOnDelivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "delivery_locations" add column "pay_on_delivery" boolean not null default false, add column "pay_on_delivery_max_cents" int not null default 2000000;`,
    );
    this.addSql(
      `alter table "orders" drop constraint if exists "orders_payment_method_check", add constraint "orders_payment_method_check" check ("payment_method" in ('mpesa', 'card', 'on_delivery'));`,
    );
    this.addSql(
      `alter table "transactions" drop constraint if exists "transactions_method_check", add constraint "transactions_method_check" check ("method" in ('mpesa', 'card', 'on_delivery'));`,
    );
    this.addSql(
      `alter table "orders" add column "cash_received_at" timestamptz null, add column "cash_received_by_id" uuid null, add column "whatsapp_updates" boolean not null default false;`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_cash_received_by_id_foreign" foreign key ("cash_received_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    // What is still to be collected at the door: the dashboard and transactions read it by this index.
    this.addSql(
      `create index "orders_to_collect_index" on "orders" ("created_at") where payment_method = 'on_delivery' and payment_status = 'pending' and status <> 'cancelled';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "orders_to_collect_index";`);
    this.addSql(
      `alter table "orders" drop constraint if exists "orders_cash_received_by_id_foreign", drop column "cash_received_at", drop column "cash_received_by_id", drop column "whatsapp_updates";`,
    );
    this.addSql(
      `alter table "delivery_locations" drop column "pay_on_delivery", drop column "pay_on_delivery_max_cents";`,
    );
  }
}
