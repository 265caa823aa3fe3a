import { Migration } from '@mikro-orm/migrations';

/**
 * Rich notifications (decision 0057): an e-mail job keeps its HTML part and any extra headers beside the plain
 * text in `body`, so the worker sends what the template rendered when the change happened.
 */
export class Migration0017RichNotifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "notification_jobs" add column "html" text null, add column "headers" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notification_jobs" drop column "html", drop column "headers";`);
  }
}
