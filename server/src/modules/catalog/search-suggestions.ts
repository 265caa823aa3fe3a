import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { cacheTag } from '../../events/catalogue-change';
import { candidatesSelect, matchesQuery, searchQueryOf, similarityText } from './catalog-search';
import { tagListRead, tagShownProducts } from './catalog-cache-tags';
import { imageUrlOf, toCategoryView, type CategoryRow, type CategoryView, type ProductView } from './catalog.views';
import { categoryColumns } from './category-reads';
import { relevanceColumns } from './product-query-sql';
import { productsSelected } from './product-views';

/** The most suggestions of each kind one request may ask for. */
export const maxSuggestions = 20;

/**
 * What the header's search box suggests while a shopper types (decision 0051): the closest products, ranked as
 * the /search page ranks them, and the categories whose name or alias matches. Three statements at most (the
 * bounded candidates, their ranking, the categories), none for a search under two letters or digits.
 */
export async function searchSuggestions(
  ctx: RequestContext,
  text: string,
  first: number,
): Promise<{ query: string; products: ProductView[]; categories: CategoryView[] }> {
  const query = searchQueryOf(text, 'q');
  if (!Number.isInteger(first) || first < 1 || first > maxSuggestions) {
    throw AppError.badInput([FieldError.of('first', 'OUT_OF_RANGE', `first must be between 1 and ${maxSuggestions}`)]);
  }
  if (!query) return { query, products: [], categories: [] };
  tagListRead(ctx, null);
  ctx.cacheTags.add(cacheTag.categories);
  // Ranked as /search ranks them, among the search's bounded candidates (decision 0064).
  const candidates = candidatesSelect({ kind: 'query', text: query });
  const products = await productsSelected(ctx, {
    sql: `select p.id from (select p.id, ${relevanceColumns}
                         from (${candidates.sql}) p) p
       order by p.relevance desc, p.closeness desc, p.id limit ?`,
    params: [similarityText(query), similarityText(query), ...candidates.params, first],
    rankingValues: 0,
  });
  tagShownProducts(
    ctx,
    products.map((product) => product.id),
  );
  const name = matchesQuery('lower(c.name)', query);
  const alias = matchesQuery('lower(alias)', query);
  const rows = await ctx.em.getConnection().execute<CategoryRow[]>(
    `select ${categoryColumns} from categories c
       where ${name.sql} or exists (select 1 from unnest(c.aliases) alias where ${alias.sql})
       order by word_similarity(?, lower(c.name)) desc, c.name limit ?`,
    [...name.params, ...alias.params, similarityText(query), first],
  );
  return { query, products, categories: rows.map((row) => toCategoryView(row, imageUrlOf(ctx))) };
}
