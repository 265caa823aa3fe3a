import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import type { ProductFilter, ProductSort } from './catalog.inputs';
import { searchQueryOf } from './catalog-search';
import { imageUrlOf, toProductView, type ProductRow, type ProductView } from './catalog.views';
import { catalogueRows } from './catalogue-statements';
import { listTagsOf } from './catalog-cache-tags';
import { filterConditions } from './product-filter-sql';
import { productPageSelect, productViewColumns, type CatalogueSelect } from './product-query-sql';

/** Product rows as views, read whole (no cache): for reads that take every product. */
export async function productRows(ctx: RequestContext, sql: string, params: unknown[]): Promise<ProductView[]> {
  const rows = await catalogueRows<ProductRow>(ctx, sql, params);
  return rows.map((row) => toProductView(row, imageUrlOf(ctx)));
}

/**
 * Shown products by id, unknown and archived ids left out: from this instance's view cache, and the views it lacks
 * in one statement (decision 0062). No statement when it holds them all.
 */
export async function viewsByIds(ctx: RequestContext, ids: readonly number[]): Promise<Map<number, ProductView>> {
  const cache = ctx.productViews;
  // Taken now, not after the read: a change heard meanwhile (or the read's own store evicting one) must not
  // take a product out of the answer.
  const views = new Map<number, ProductView>();
  const missing: number[] = [];
  for (const id of ids) {
    const held = cache.get(id);
    if (held) views.set(id, held);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const generation = cache.generation;
    const read = await productRows(
      ctx,
      `select ${productViewColumns} from products p where p.id = any(?::int[]) and p.archived_at is null`,
      [missing],
    );
    cache.store(generation, read);
    for (const view of read) views.set(view.id, view);
  }
  return views;
}

/** The products a statement selects (a column `id`, in the order to show them), as views. */
export async function productsSelected(ctx: RequestContext, select: CatalogueSelect): Promise<ProductView[]> {
  const ids = (await catalogueRows<{ id: number }>(ctx, select.sql, select.params, select.rankingValues)).map(
    (row) => row.id,
  );
  const views = await viewsByIds(ctx, ids);
  return ids.flatMap((id) => views.get(id) ?? []);
}

export interface ProductPageRequest {
  filter: ProductFilter | null;
  sort: ProductSort;
  page: Page;
}

/**
 * One page of products: its ids from the list reads when held (list-read-cache.ts), else one statement (plus the
 * category lookup its slug may need, shared per request); the views from the view cache.
 */
export async function readProductPage(ctx: RequestContext, request: ProductPageRequest): Promise<ProductView[]> {
  const ids = await ctx.listReads.read(`page:${JSON.stringify(request)}`, listTagsOf(request.filter), async () => {
    const conditions = await filterConditions(ctx, request.filter);
    if (conditions.none) return [];
    const query = searchQueryOf(request.filter?.query, 'filter.query');
    const select = productPageSelect(conditions, request.sort, query, request.page);
    return (await catalogueRows<{ id: number }>(ctx, select.sql, select.params, select.rankingValues)).map(
      (row) => row.id,
    );
  });
  const views = await viewsByIds(ctx, ids);
  return ids.flatMap((id) => views.get(id) ?? []);
}
