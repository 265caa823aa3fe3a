import { isPostgresInteger } from '../../shared/input-check';
import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { Availability, ProductSort, type ProductFilter } from './catalog.inputs';
import { literalSearchOf, searchQueryOf } from './catalog-search';
import { tagListRead, tagShownProducts } from './catalog-cache-tags';
import type { CategoryView, ProductView } from './catalog.views';
import { findCategoryBySlug, listCategories } from './category-reads';
import { slugToCategoryText } from './category-slug';
import { countProducts } from './product-count';
import { productFacets } from './product-facets';
import { facetSelectionOf } from './product-filter-sql';
import { productViewColumns, relatedProductsSelect } from './product-query-sql';
import { productRows, productsSelected, viewsByIds, type ProductPageRequest } from './product-views';
import { searchSuggestions } from './search-suggestions';

/**
 * Reads of the catalogue, from PostgreSQL on every request (decision 0034): one statement per list, count
 * or batch of ids, whatever the catalogue's size, each served by an index. A page is chosen over the bare
 * rows first, then only its rows get their images and categories. The SQL, the view cache's reads, the cache
 * tags, the slug rule and the suggestions live in the files this one imports; this is what callers use.
 */
export const catalogService = {
  /** A category by slug or alias, case-insensitive; one statement per request however often it is asked. */
  findCategoryBySlug,

  async categoryMatch(ctx: RequestContext, slug: string): Promise<{ title: string; category: CategoryView | null }> {
    const category = await findCategoryBySlug(ctx, slug);
    return { title: category?.name ?? slugToCategoryText(slug.trim()), category };
  },

  /** A page of products; the same page asked twice in one request (aliases) is read once. */
  async listProducts(
    ctx: RequestContext,
    options: { filter?: ProductFilter | null; sort?: ProductSort | null; page: Page },
  ): Promise<ProductView[]> {
    // Checked before the loader, so a search too long is the caller's error, not the batch's.
    const query = searchQueryOf(options.filter?.query, 'filter.query');
    literalSearchOf(options.filter?.search, 'filter.search');
    facetSelectionOf(options.filter);
    const request: ProductPageRequest = {
      filter: options.filter ? { ...options.filter } : null,
      sort: options.sort ?? (query ? ProductSort.RELEVANCE : ProductSort.BEST_SELLING),
      page: { limit: options.page.limit, offset: options.page.offset },
    };
    tagListRead(ctx, options.filter);
    const page = await ctx.loaders.catalog.productPage.load(JSON.stringify(request));
    tagShownProducts(
      ctx,
      page.map((product) => product.id),
    );
    return page;
  },

  countProducts,

  productFacets,

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<ProductView[]> {
    return this.listProducts(ctx, { sort: ProductSort.NEWEST, page });
  },

  /** Products by id, in the order asked, null for unknown or archived ids. One statement per batch. */
  async productsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(ProductView | null)[]> {
    // Asked for, found or not: a product created under a missing id turns a 404 into a page.
    tagShownProducts(ctx, ids);
    // Product ids are PostgreSQL integers: an id outside their range names no product.
    const views = await viewsByIds(ctx, ids.filter(isPostgresInteger));
    return ids.map((id) => views.get(id) ?? null);
  },

  /**
   * "You may also like": other shown, in-stock products sharing a category with this one, the newest first.
   * One statement whatever the catalogue's size, reading a bounded number of index entries for each of the
   * product's categories.
   */
  async listRelatedProducts(ctx: RequestContext, productId: number, limit: number): Promise<ProductView[]> {
    tagListRead(ctx, { availability: [Availability.IN_STOCK] });
    tagShownProducts(ctx, [productId]);
    if (!Number.isSafeInteger(productId) || limit <= 0) return [];
    // Not tagged with each related product: an order's stock change would then drop every neighbour's page. The
    // cards show no quantity; what they do show changes with a list change (name, price, category) or an in-stock
    // flip, both tagged above. An image-only edit shows on the next such change.
    return productsSelected(ctx, relatedProductsSelect(productId, limit));
  },

  async findProduct(ctx: RequestContext, id: number): Promise<ProductView | null> {
    return Number.isSafeInteger(id) ? ctx.loaders.catalog.productById.load(id) : null;
  },

  /**
   * The shown products with ids above `afterId`, by id, at most `limit` (keyset paging: each page costs the
   * same whatever its place). For the sitemap: ids and when each last changed.
   */
  async listProductIdsPage(
    ctx: RequestContext,
    afterId: number,
    limit: number,
  ): Promise<{ id: number; updatedAt: Date }[]> {
    tagListRead(ctx, null);
    const rows = await ctx.em
      .getConnection()
      .execute<{ id: number; updated_at: Date | string }[]>(
        `select p.id, p.updated_at from products p where p.archived_at is null and p.id > ? order by p.id limit ?`,
        [afterId, limit],
      );
    return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at) }));
  },

  /** Every product, for the sitemap until it is paged (listProductIdsPage). */
  async listAllProducts(ctx: RequestContext): Promise<ProductView[]> {
    tagListRead(ctx, null);
    return productRows(
      ctx,
      `select ${productViewColumns} from products p where p.archived_at is null order by p.id`,
      [],
    );
  },

  searchSuggestions,

  listCategories,
};
