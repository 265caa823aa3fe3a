import { Migration } from '@mikro-orm/migrations';

/**
 * State every instance of the shop must agree on (decision 0036), kept where they all read it:
 * `app_settings`, one row per setting written once (the generated signing secret), and
 * `simulated_payments`, the payment stand-in's transactions, so a payment started on one instance can be paid
 * and verified on another. No entity maps them; the schema diff skips them. Written by hand.
 */
export class Migration0012SharedState extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "app_settings" ("key" text not null, "value" text not null, "created_at" timestamptz not null default now(), constraint "app_settings_pkey" primary key ("key"));`,
    );
    this.addSql(
      `create table "simulated_payments" ("reference" text not null, "access_code_hash" text not null, "amount" bigint not null, "currency" text not null, "email" text not null, "callback_url" text not null, "status" text not null default 'pending', "created_at" timestamptz not null default now(), constraint "simulated_payments_pkey" primary key ("reference"), constraint "simulated_payments_status_check" check ("status" in ('pending', 'success', 'failed')));`,
    );
    this.addSql(
      `create unique index "simulated_payments_access_code_hash_unique" on "simulated_payments" ("access_code_hash");`,
    );
    // Old stand-in payments are trimmed by age.
    this.addSql(`create index "simulated_payments_created_at_index" on "simulated_payments" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "simulated_payments";`);
    this.addSql(`drop table if exists "app_settings";`);
  }
}
