import { Migration } from '@mikro-orm/migrations';

/** Issue 26: a shopper's address book. At most one default per account, kept by a partial unique index. */
export class Migration0030SavedAddresses extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "saved_addresses" ("id" uuid not null, "user_id" uuid not null, "recipient" text not null, "phone" text not null, "area" text null, "street" text not null, "landmark" text null, "city" text not null, "postal_code" text null, "is_default" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "saved_addresses_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "saved_addresses_user_id_created_at_index" on "saved_addresses" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "saved_addresses" add constraint "saved_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create unique index "saved_addresses_one_default" on "saved_addresses" ("user_id") where is_default;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "saved_addresses" cascade;`);
  }
}
