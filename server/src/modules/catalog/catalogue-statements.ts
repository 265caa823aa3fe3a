import type { RequestContext } from '../../core/request-context';
import { queryPrepared } from '../../shared/prepared-statements';
import { idArray } from './catalog-search';

const numeric = (value: unknown) => typeof value === 'number';
const numbers = (value: unknown): value is number[] => Array.isArray(value) && value.every(numeric);

/**
 * Whether a catalogue statement is prepared: when its values past the first `rankingValues` are all numbers or
 * arrays of numbers (ids, a search's candidate ids, a category, limits), since its plan does not depend on them
 * (decision 0060). The first `rankingValues` values are texts the select list ranks by (a search's similarity
 * text, over ids already chosen): the plan does not depend on them either.
 */
export function isPreparable(params: readonly unknown[], rankingValues = 0): boolean {
  return params.slice(rankingValues).every((param) => numeric(param) || numbers(param));
}

/**
 * Runs a catalogue statement: prepared when `isPreparable`; one with text in its WHERE (an unknown slug's pattern)
 * keeps a plan made for that text.
 */
export async function catalogueRows<Row extends object>(
  ctx: RequestContext,
  sql: string,
  params: unknown[],
  rankingValues = 0,
): Promise<Row[]> {
  return isPreparable(params, rankingValues)
    ? queryPrepared<Row>(ctx.em, sql, params)
    : // MikroORM would spread a JavaScript array into a list: ids go as one PostgreSQL array literal.
      ctx.em.getConnection().execute<Row[]>(
        sql,
        params.map((param) => (numbers(param) ? idArray(param) : param)),
      );
}
