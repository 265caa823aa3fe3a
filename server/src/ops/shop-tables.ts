import type { ClientBase } from 'pg';
import { migrations } from '../db/migrations';

/** Tables outside PostgreSQL's own schemas, named as a person reads them: `orders`, or `other.table` off public. */
export async function userTables(client: ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Exact row counts of every table (not views), in one statement. */
export async function rowCounts(client: ClientBase): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string; qualified: string }>(
    `select case when schemaname = 'public' then tablename else schemaname || '.' || tablename end as name,
            format('%I.%I', schemaname, tablename) as qualified
       from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg\\_%'
      order by 1`,
  );
  if (tables.length === 0) return {};
  const { rows } = await client.query<{ name: string; count: string }>(
    tables
      .map((_, index) => `select $${index + 1}::text as name, count(*) as count from ${tables[index]!.qualified}`)
      .join(' union all '),
    tables.map((table) => table.name),
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
}

/** The newest migration the database has applied, and how many it has: the schema's version. */
export async function migrationState(client: ClientBase): Promise<{ latest: string | null; applied: number }> {
  const exists = await client.query(`select to_regclass('mikro_orm_migrations') is not null as present`);
  if (!(exists.rows[0] as { present: boolean }).present) return { latest: null, applied: 0 };
  const { rows } = await client.query<{ latest: string | null; applied: string }>(
    `select (select name from mikro_orm_migrations order by id desc limit 1) as latest, count(*) as applied
       from mikro_orm_migrations`,
  );
  return { latest: rows[0]!.latest, applied: Number(rows[0]!.applied) };
}

/** How a backup's schema stands against this code's migrations, in a sentence for the restore's report. */
export function describeSchema(latest: string | null): string {
  const names = migrations.map((migration) => migration.name);
  if (latest === null) return 'the backup has no migrations table: the shop will create its schema on start';
  const position = names.indexOf(latest);
  if (position === -1) {
    return `the backup's schema (${latest}) is newer than this code knows: run the release that made it, or a later one`;
  }
  const pending = names.length - 1 - position;
  return pending === 0
    ? `schema at ${latest}, the same as this code`
    : `schema at ${latest}: the shop's next start applies ${pending} newer migration${pending === 1 ? '' : 's'}`;
}
