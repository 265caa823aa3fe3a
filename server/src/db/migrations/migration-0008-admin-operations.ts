import { Migration } from '@mikro-orm/migrations';

/** Admin notifications and the order status audit trail (issue 6, operations). Written by hand. */
export class Migration0008AdminOperations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "admin_notifications" ("id" serial primary key, "type" text not null, "title" text not null, "text" text not null, "link" text null, "created_at" timestamptz not null default now(), "read_at" timestamptz null);`,
    );
    this.addSql(`create index "admin_notifications_created_at_index" on "admin_notifications" ("created_at");`);
    this.addSql(
      `create table "order_status_changes" ("id" serial primary key, "order_id" uuid not null, "from_status" text not null, "to_status" text not null, "changed_by_id" uuid null, "changed_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "order_status_changes_order_id_changed_at_index" on "order_status_changes" ("order_id", "changed_at");`,
    );
    this.addSql(
      `alter table "order_status_changes" add constraint "order_status_changes_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "order_status_changes" add constraint "order_status_changes_changed_by_id_foreign" foreign key ("changed_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_status_changes" cascade;`);
    this.addSql(`drop table if exists "admin_notifications" cascade;`);
  }
}
