import { Migration } from '@mikro-orm/migrations';

/**
 * The newsletter keeps its word (decision 0058): a subscription is pending until its address confirms, then
 * confirmed (and given one welcome code) or unsubscribed. Addresses stored before had never confirmed: they stay
 * pending, so no newsletter goes to them until they subscribe again and confirm. One row per day the low-stock
 * digest was sent: whichever instance inserts it sends that day's e-mail.
 */
export class Migration0019NewsletterOptIn extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "newsletter_subscriptions"
      add column "status" text check ("status" in ('pending', 'confirmed', 'unsubscribed')) not null default 'pending',
      add column "confirm_token_hash" text null,
      add column "confirm_expires_at" timestamptz null,
      add column "confirmed_at" timestamptz null,
      add column "unsubscribed_at" timestamptz null,
      add column "welcome_code" text null,
      add column "updated_at" timestamptz not null default now();`);
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_confirm_token_hash_unique" unique ("confirm_token_hash");`,
    );
    this.addSql(
      `create index "newsletter_subscriptions_created_at_index" on "newsletter_subscriptions" ("created_at");`,
    );
    this.addSql(
      `create table "low_stock_digests" ("day" date primary key, "product_count" int not null, "created_at" timestamptz not null default now());`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "low_stock_digests";`);
    this.addSql(`drop index if exists "newsletter_subscriptions_created_at_index";`);
    this.addSql(`alter table "newsletter_subscriptions"
      drop constraint "newsletter_subscriptions_confirm_token_hash_unique",
      drop column "status", drop column "confirm_token_hash", drop column "confirm_expires_at",
      drop column "confirmed_at", drop column "unsubscribed_at", drop column "welcome_code", drop column "updated_at";`);
  }
}
