import { Migration } from '@mikro-orm/migrations';

/**
 * A refund the shop reserved but Paystack never received (the instance stopped between the two) is released by the
 * reconciliation as `not_sent` (decision 0065): nothing went out, and its amount can be refunded again.
 */
export class Migration0020RefundsNotSent extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "refunds" drop constraint "refunds_status_check",
      add constraint "refunds_status_check" check ("status" in ('pending', 'processed', 'failed', 'not_sent'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "refunds" set "status" = 'failed' where "status" = 'not_sent';`);
    this.addSql(`alter table "refunds" drop constraint "refunds_status_check",
      add constraint "refunds_status_check" check ("status" in ('pending', 'processed', 'failed'));`);
  }
}
