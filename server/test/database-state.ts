import { singleRow } from '../src/shared/single-row';
import type { TestShop } from './test-shop';

/**
 * A fingerprint of every row of every table (one statement): equal before and after a refused request
 * proves it wrote nothing, whatever the table.
 */
export async function databaseFingerprint(shop: TestShop): Promise<string> {
  const rows = await shop.orm.em
    .fork()
    .getConnection()
    .execute<{ state: string }[]>(
      `select string_agg(table_name || ':' || (xpath('/row/state/text()', query_to_xml(
                format('select md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as state from %I t',
                       ';', '', table_name), false, true, '')))[1]::text, ' ' order by table_name) as state
         from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
  return singleRow(rows).state;
}
