import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 27, decision 0105: demand signals. Shoppers waiting for a sold-out size (one row per size and contact; told
 * once, when `notified_at` is stamped), when each signed-in shopper last changed their cart and when that cart was
 * last reminded of (a partial index holds only the states not yet looked at), and an account's opt-out of cart
 * reminders.
 */
export class Migration0035DemandSignals extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "back_in_stock_requests" ("id" serial primary key, "variant_id" int not null, "channel" text check ("channel" in ('email', 'sms')) not null, "contact" text not null, "user_id" uuid null, "created_at" timestamptz not null default now(), "notified_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "back_in_stock_requests" add constraint "back_in_stock_requests_variant_id_contact_unique" unique ("variant_id", "contact");`,
    );
    this.addSql(
      `create index "back_in_stock_requests_waiting_index" on "back_in_stock_requests" ("variant_id") where notified_at is null;`,
    );
    this.addSql(
      `create index "back_in_stock_requests_contact_index" on "back_in_stock_requests" ("contact") where notified_at is null;`,
    );
    this.addSql(`create index "back_in_stock_requests_user_id_index" on "back_in_stock_requests" ("user_id");`);
    this.addSql(
      `alter table "back_in_stock_requests" add constraint "back_in_stock_requests_variant_id_foreign" foreign key ("variant_id") references "product_variants" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "back_in_stock_requests" add constraint "back_in_stock_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create table "cart_activity" ("user_id" uuid not null, "touched_at" timestamptz not null default now(), "reminded_at" timestamptz null, constraint "cart_activity_pkey" primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "cart_activity" add constraint "cart_activity_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "cart_activity_reminder_due_index" on "cart_activity" ("touched_at") where reminded_at is null or reminded_at < touched_at;`,
    );
    this.addSql(`alter table "users" add column "cart_reminders_off_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "cart_reminders_off_at";`);
    this.addSql(`drop table if exists "cart_activity";`);
    this.addSql(`drop table if exists "back_in_stock_requests";`);
  }
}
