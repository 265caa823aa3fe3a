import { Migration } from '@mikro-orm/migrations';

/** Archived products: deleted by an admin but kept because orders refer to them. */
export class Migration0007AdminCatalog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "archived_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "products" drop column "archived_at";`);
  }
}
