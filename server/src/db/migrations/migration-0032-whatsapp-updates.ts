import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26, decision 0099: order updates on WhatsApp. A notification job may be a WhatsApp template message: its
 * template, parameters and language, the Cloud API's message id (unique: status webhooks find the job by it) and
 * when its SMS fallback was queued (once). The SMS text itself is the job's body.
 */
export class Migration0032WhatsappUpdates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "notification_jobs" drop constraint if exists "notification_jobs_channel_check", add constraint "notification_jobs_channel_check" check ("channel" in ('email', 'sms', 'whatsapp'));`,
    );
    this.addSql(
      `alter table "notification_jobs" add column "template_name" text null, add column "template_parameters" jsonb null, add column "template_language" text null, add column "provider_message_id" text null, add column "fallback_queued_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "notification_jobs" add constraint "notification_jobs_provider_message_id_unique" unique ("provider_message_id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notification_jobs" where "channel" = 'whatsapp';`);
    this.addSql(
      `alter table "notification_jobs" drop constraint if exists "notification_jobs_provider_message_id_unique", drop column "template_name", drop column "template_parameters", drop column "template_language", drop column "provider_message_id", drop column "fallback_queued_at";`,
    );
    this.addSql(
      `alter table "notification_jobs" drop constraint if exists "notification_jobs_channel_check", add constraint "notification_jobs_channel_check" check ("channel" in ('email', 'sms'));`,
    );
  }
}
