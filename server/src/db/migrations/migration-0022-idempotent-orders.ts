import { Migration } from '@mikro-orm/migrations';

/**
 * A checkout may carry an idempotency key (decision 0068): one order per key and account, whichever instance a
 * retry reaches. Orders placed before have none (NULLs never collide).
 */
export class Migration0022IdempotentOrders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "idempotency_key" text null;`);
    this.addSql(
      `alter table "orders" add constraint "orders_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_user_id_idempotency_key_unique";`);
    this.addSql(`alter table "orders" drop column "idempotency_key";`);
  }
}
