import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds (decision 0055): one row per refund asked of Paystack, reserved before the call so parallel refunds of
 * one payment never add up to more than it; the order keeps what came back (`refunded_cents`); a pending
 * transaction remembers when the reconciliation job last asked Paystack about it (`checked_at`).
 */
export class Migration0016Refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "refunds" ("id" uuid not null, "order_id" uuid not null, "transaction_id" uuid not null, "amount_cents" int not null, "reason" text not null, "status" text check ("status" in ('pending', 'processed', 'failed')) not null default 'pending', "paystack_refund_id" text null, "restock" boolean not null default false, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "refunds_pkey" primary key ("id"), constraint "refunds_amount_cents_check" check ("amount_cents" > 0));`,
    );
    this.addSql(
      `alter table "refunds" add constraint "refunds_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "refunds" add constraint "refunds_transaction_id_foreign" foreign key ("transaction_id") references "transactions" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "refunds" add constraint "refunds_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "refunds_order_id_index" on "refunds" ("order_id");`);
    this.addSql(`create index "refunds_transaction_id_index" on "refunds" ("transaction_id");`);
    this.addSql(`create index "refunds_created_by_id_index" on "refunds" ("created_by_id");`);
    this.addSql(`create unique index "refunds_paystack_refund_id_unique" on "refunds" ("paystack_refund_id");`);
    this.addSql(
      `alter table "orders" add column "refunded_cents" int not null default 0, add constraint "orders_refunded_cents_check" check ("refunded_cents" >= 0);`,
    );
    this.addSql(`alter table "transactions" add column "checked_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "refunds";`);
    this.addSql(
      `alter table "orders" drop constraint if exists "orders_refunded_cents_check", drop column "refunded_cents";`,
    );
    this.addSql(`alter table "transactions" drop column "checked_at";`);
  }
}
