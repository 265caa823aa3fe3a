import { Migration } from '@mikro-orm/migrations';

/**
 * The header's search (decision 0051), typo-tolerant by trigram word similarity. Its product suggestions are the
 * few names nearest the text, which a GiST trigram index yields in order (`<<->`, a k-nearest-neighbour scan that
 * stops after the few asked for; the GIN index of migration 0011 can only filter, leaving every match to sort).
 * Categories get the GIN trigram index products have. Guarded like 0011: without pg_trgm the search still answers,
 * by scanning. Written by hand.
 */
export class Migration0015SearchIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index if not exists "products_name_trigram_gist_index" on "products" using gist (lower("name") gist_trgm_ops) where "archived_at" is null;
    create index if not exists "categories_name_trigram_index" on "categories" using gin (lower("name") gin_trgm_ops);
  else
    raise notice 'pg_trgm is not installed: category suggestions scan the categories';
  end if;
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "categories_name_trigram_index";`);
    this.addSql(`drop index if exists "products_name_trigram_gist_index";`);
  }
}
