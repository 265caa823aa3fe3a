import { Migration } from '@mikro-orm/migrations';

export class Migration0005Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "transactions" ("id" uuid not null, "order_id" uuid not null, "reference" text not null, "amount_cents" int not null, "currency" text not null default 'KES', "method" text check ("method" in ('mpesa', 'card')) not null, "status" text check ("status" in ('pending', 'completed', 'failed')) not null default 'pending', "provider_response" jsonb null, "flag_reason" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "transactions_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "transactions" add constraint "transactions_reference_unique" unique ("reference");`);

    this.addSql(
      `alter table "transactions" add constraint "transactions_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "transactions" cascade;`);
  }
}
