import { Migration } from '@mikro-orm/migrations';

/**
 * The reconciliation asks Paystack about pending payments up to a day old whatever their order's state (decision
 * 0065, amended): every minute on every instance it looks for them by status and age. Pending payments are few
 * among all the shop has taken, so a partial index keeps that look-up small as the table grows.
 */
export class Migration0021PendingPaymentsIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "transactions_pending_created_at_index" on "transactions" ("created_at") where "status" = 'pending';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "transactions_pending_created_at_index";`);
  }
}
