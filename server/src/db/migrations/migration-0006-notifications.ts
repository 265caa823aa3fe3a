import { Migration } from '@mikro-orm/migrations';

export class Migration0006Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "notification_jobs" ("id" serial primary key, "channel" text check ("channel" in ('email', 'sms')) not null, "recipient" text not null, "subject" text null, "body" text not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "sent_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "notification_jobs_next_attempt_at_index" on "notification_jobs" ("next_attempt_at") where "sent_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_jobs" cascade;`);
  }
}
