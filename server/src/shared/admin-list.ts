import type { RequestContext } from '../core/request-context';
import type { Page } from './pagination';
import { singleRow } from './single-row';

/**
 * Select items over a table with a status column: how many rows, how many of each status, and one column
 * summed over one status (as text: a bigint; read it with Number()).
 */
export function statusFigures(
  statuses: readonly string[],
  sum: { column: string; status: string; as: string },
): string[] {
  return [
    'count(*)::int as total',
    ...statuses.map((status) => `count(*) filter (where status = '${status}')::int as ${status}`),
    `coalesce(sum(${sum.column}) filter (where status = '${sum.status}'), 0)::text as ${sum.as}`,
  ];
}

export interface AdminListQuery {
  table: string;
  /** The table's alias in `columns` and `conditions`. */
  alias: string;
  /** What a page entry is made of; created_at and id among them (the order). */
  columns: string;
  /** All must hold; none: every row. Their values are `parameters`, in order. */
  conditions: string[];
  parameters: unknown[];
  /** Select items over the whole table, whatever the conditions (see statusFigures). */
  figures: string[];
  /** One page entry: an SQL expression over `page`, a row of `columns`. */
  item: string;
  page: Page;
}

export interface AdminListRow<Item> {
  /** The rows matching the conditions, across all pages. */
  total_count: number;
  page: Item[];
}

/**
 * An admin list in one statement however long the table: the figures, the number of rows matching and the
 * page of them, newest first, as a JSON array of `item`.
 */
export async function queryAdminList<Row extends AdminListRow<unknown>>(
  ctx: RequestContext,
  query: AdminListQuery,
): Promise<Row> {
  const where = query.conditions.length > 0 ? query.conditions.join(' and ') : 'true';
  const sql = `with matched as (select ${query.columns} from ${query.table} ${query.alias} where ${where})
  select ${query.figures.join(',\n         ')},
         (select count(*)::int from matched) as total_count,
         (select coalesce(json_agg(${query.item} order by page.created_at desc, page.id), '[]'::json)
            from (select * from matched order by created_at desc, id limit ?::int offset ?::int) page) as page
    from ${query.table}`;
  return singleRow(
    await ctx.em.getConnection().execute<Row[]>(sql, [...query.parameters, query.page.limit, query.page.offset]),
  );
}
