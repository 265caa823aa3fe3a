import type { Page } from '../../shared/pagination';
import { ProductSort } from './catalog.inputs';
import { similarityText } from './catalog-search';

/**
 * What the shop shows of a product, from the row `p`: its columns with its ordered images and its categories
 * (by name) as JSON. Used over a page of at most 100 rows, so the two subqueries run per row shown, not per
 * row in the catalogue.
 */
/** A product's sizes on sale as a JSON array, default first (decision 0083): `VariantRow`s. */
export const variantsJsonSql = `coalesce((select json_agg(json_build_object('id', v.id, 'sizeMl', v.size_ml,
     'concentration', v.concentration, 'isSample', v.is_sample, 'sku', v.sku, 'priceCents', v.price_cents,
     'salePriceCents', v.sale_price_cents, 'onSale', v.on_sale, 'quantity', v.quantity) order by v.position, v.id)
     from product_variants v where v.product_id = p.id and v.archived_at is null), '[]'::json)`;

export const productViewColumns = `p.id, p.name, p.description, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity,
  p.created_at, p.updated_at, p.scent_family, p.for_whom, p.notes_top, p.notes_heart, p.notes_base,
  ${variantsJsonSql} as variants,
  coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'width', i.width,
     'height', i.height, 'widths', i.widths, 'variantId', i.variant_id) order by i.position, i.id)
     from product_images i where i.product_id = p.id), '[]'::json) as images,
  coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug,
     'description', c.description, 'image_file_name', c.image_file_name) order by c.name)
     from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json) as categories`;

/**
 * Each sort as an ORDER BY over `p`, every one ending in the id so pages never overlap, and each served by
 * an index of migration 0011 (the primary key for the id orders). The collation is Intl.Collator('en',
 * { sensitivity: 'base', numeric: true }), the order the shop sorted names in before. RELEVANCE orders by the
 * columns `relevanceColumns` adds: the best word similarity first, then the closest whole name (the shorter of
 * two names holding the word), then the id; it sorts the search's candidates, at most `maxSearchCandidates`.
 */
export const productOrderBy: Record<ProductSort, string> = {
  [ProductSort.BEST_SELLING]: 'p.id',
  [ProductSort.NEWEST]: 'p.id desc',
  // The cheapest size's price a shopper pays, the card's "from Ksh …" (decision 0083); the default size's when one.
  [ProductSort.PRICE_LOW_TO_HIGH]: 'p.min_price_cents, p.id',
  [ProductSort.PRICE_HIGH_TO_LOW]: 'p.min_price_cents desc nulls last, p.id',
  [ProductSort.ALPHABETICALLY]: 'p.name collate "catalogue_name", p.id',
  [ProductSort.RELEVANCE]: 'p.relevance desc, p.closeness desc, p.id',
};

/** A search's ranking over `p`; its two values are the query's `similarityText`. */
export const relevanceColumns =
  'word_similarity(?, lower(p.name)) as relevance, similarity(?, lower(p.name)) as closeness';

/** A statement with its values; the first `rankingValues` are texts its select list ranks by (see catalogueRows). */
export interface CatalogueSelect {
  sql: string;
  params: unknown[];
  rankingValues: number;
}

/**
 * The ids of one page of products matching `where` (a filter's conditions over `p`), in the sort's order.
 * RELEVANCE without a query has nothing to rank by: the default order.
 */
export function productPageSelect(
  filter: { where: string; params: unknown[] },
  requestedSort: ProductSort,
  query: string,
  page: Page,
): CatalogueSelect {
  const sort = requestedSort === ProductSort.RELEVANCE && !query ? ProductSort.BEST_SELLING : requestedSort;
  const ranked = sort === ProductSort.RELEVANCE;
  const order = productOrderBy[sort];
  // An ORDER BY may name the select list's own columns only unqualified.
  const innerOrder = ranked ? order.replace(/p\.(relevance|closeness)/g, '$1') : order;
  return {
    sql: `select p.id${ranked ? `, ${relevanceColumns}` : ''} from products p where ${filter.where}
     order by ${innerOrder} limit ? offset ?`,
    params: [
      ...(ranked ? [similarityText(query), similarityText(query)] : []),
      ...filter.params,
      page.limit,
      page.offset,
    ],
    rankingValues: ranked ? 2 : 0,
  };
}

/** How many of a category's newest members "You may also like" looks through for in-stock ones. */
export const relatedLookahead = 100;

/**
 * The ids of at most `limit` other shown, in-stock products sharing a category with `productId`, the newest first.
 * Driven from the product's own categories: each walks its newest members through the (category, product) index,
 * at most `relatedLookahead` of them, so the cost stays the same for a small category in a large catalogue (a
 * semi-join over every in-stock product took 41 ms at 50,000 products).
 */
export function relatedProductsSelect(productId: number, limit: number): CatalogueSelect {
  return {
    sql: `select p.id
       from (select distinct on (p.id) p.*
               from product_categories own
               cross join lateral (
                 select p.* from (select member.product_id from product_categories member
                                   where member.category_id = own.category_id and member.product_id <> ?
                                   order by member.product_id desc limit ?) m
                 cross join lateral (select * from products p
                                      where p.id = m.product_id and p.archived_at is null and p.in_stock
                                      offset 0) p
                 limit ?) p
              where own.product_id = ?
              order by p.id desc) p
       order by p.id desc limit ?`,
    params: [productId, relatedLookahead, limit, productId, limit],
    rankingValues: 0,
  };
}
