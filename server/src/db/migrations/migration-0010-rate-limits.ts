import { Migration } from '@mikro-orm/migrations';

/**
 * The shared rate-limit counters (decision 0025), in the layout rate-limiter-flexible's PostgreSQL store
 * reads and writes: a key (a limit's name and the SHA-256 of what it counts), the uses in its window and
 * the window's end in epoch milliseconds. No entity maps it; the schema diff skips it. Written by hand.
 */
export class Migration0010RateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" integer not null default 0, "expire" bigint null, constraint "rate_limits_pkey" primary key ("key"));`,
    );
    // The store deletes expired rows now and then by this column.
    this.addSql(`create index "rate_limits_expire_index" on "rate_limits" ("expire");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limits";`);
  }
}
