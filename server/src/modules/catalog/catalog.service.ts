import { queryPrepared } from '../../shared/prepared-statements';
import { isPostgresInteger } from '../../shared/input-check';
import { AppError, FieldError } from '../../core/errors';
import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { likePattern } from '../../shared/search';
import { singleRow } from '../../shared/single-row';
import { Availability, ProductSort, type ProductFilter } from './catalog.inputs';
import {
  candidatesSelect,
  idArray,
  literalSearchOf,
  matchesNothing,
  matchesQuery,
  searchCandidates,
  searchQueryOf,
  similarityText,
} from './catalog-search';
import {
  toCategoryView,
  toProductView,
  type CategoryRow,
  type CategoryView,
  type ProductRow,
  type ProductView,
} from './catalog.views';

/** Tags the answer with what a list depends on: every product (membership, order), availability when filtered by it. */
function readsList(ctx: RequestContext, filter: ProductFilter | null | undefined): void {
  ctx.cacheTags.add(cacheTag.productList);
  if (filter?.availability?.length) ctx.cacheTags.add(cacheTag.availability);
  if (filter?.categorySlug) ctx.cacheTags.add(cacheTag.categories);
}

/** Tags the answer with the products it shows. */
function shows(ctx: RequestContext, productIds: readonly number[]): void {
  for (const id of productIds) ctx.cacheTags.add(cacheTag.product(id));
}

/** Where an image's key is served from: the shop's /uploads or the bucket's public URL. */
const imageUrlOf = (ctx: RequestContext) => (key: string) => ctx.storage.publicUrl(key);

/** The spec's rule for a category slug: first hyphen to a space, upper-case ("for-women" → "FOR WOMEN"). */
export function slugToCategoryText(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

/**
 * What the shop shows of a product, from the row `p`: its columns with its ordered images and its categories
 * (by name) as JSON. Used over a page of at most 100 rows, so the two subqueries run per row shown, not per
 * row in the catalogue.
 */
export const productViewColumns = `p.id, p.name, p.description, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity,
  p.created_at, p.updated_at,
  coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'width', i.width,
     'height', i.height, 'widths', i.widths) order by i.position, i.id)
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
const orderBy: Record<ProductSort, string> = {
  [ProductSort.BEST_SELLING]: 'p.id',
  [ProductSort.NEWEST]: 'p.id desc',
  [ProductSort.PRICE_LOW_TO_HIGH]: 'p.effective_price_cents, p.id',
  [ProductSort.PRICE_HIGH_TO_LOW]: 'p.effective_price_cents desc, p.id',
  [ProductSort.ALPHABETICALLY]: 'p.name collate "catalogue_name", p.id',
  [ProductSort.RELEVANCE]: 'p.relevance desc, p.closeness desc, p.id',
};

const relevanceColumns = 'word_similarity(?, lower(p.name)) as relevance, similarity(?, lower(p.name)) as closeness';

const categoryColumns = 'id, name, slug, description, image_file_name';

type CategoryWithAliases = CategoryRow & { aliases: string[] };

const normaliseSlug = (slug: string) => slug.trim().toLowerCase();

/**
 * Categories for a batch of slugs (canonical or alias, already lower-case), one statement. Should two
 * categories claim one slug, the last by name wins, as it always has.
 */
export async function categoriesBySlugs(
  ctx: RequestContext,
  slugs: readonly string[],
): Promise<(CategoryView | null)[]> {
  const rows = await ctx.em.getConnection().execute<CategoryWithAliases[]>(
    `select ${categoryColumns}, aliases from categories c
     where lower(c.slug) in (select value from jsonb_array_elements_text(?::jsonb))
        or exists (select 1 from unnest(c.aliases) alias
                   where lower(alias) in (select value from jsonb_array_elements_text(?::jsonb)))
     order by c.name`,
    [JSON.stringify(slugs), JSON.stringify(slugs)],
  );
  const bySlug = new Map<string, CategoryView>();
  for (const row of rows) {
    const view = toCategoryView(row, imageUrlOf(ctx));
    for (const slug of [row.slug, ...row.aliases]) bySlug.set(slug.toLowerCase(), view);
  }
  return slugs.map((slug) => bySlug.get(slug) ?? null);
}

/**
 * The WHERE clause a filter makes over `p`, with its parameters; archived products are never shown. `none` when a
 * search can match nothing (no letter or digit, or no candidate): the caller answers without a statement.
 */
async function conditionsFor(
  ctx: RequestContext,
  filter: ProductFilter | null | undefined,
): Promise<{ where: string; params: unknown[]; none: boolean }> {
  const nothing = { where: 'false', params: [], none: true };
  const conditions = ['p.archived_at is null'];
  const params: unknown[] = [];
  const slug = filter?.categorySlug?.trim();
  if (slug) {
    const category = await catalogService.findCategoryBySlug(ctx, slug);
    if (category) {
      conditions.push('exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)');
      params.push(category.id);
    } else {
      // The spec's rule: the slug's text is a substring of the product's category text (its names, by name,
      // joined by spaces). A run of the text without spaces lies inside one name, so only products in a
      // category whose name holds the text's longest run are candidates: an unknown slug costs nothing.
      const text = slugToCategoryText(slug);
      const longestRun = text.split(' ').reduce((longest, run) => (run.length > longest.length ? run : longest), '');
      conditions.push(`p.id in (select pc.product_id from product_categories pc
        join categories c on c.id = pc.category_id
        where pc.product_id in (select candidate.product_id from product_categories candidate
          join categories named on named.id = candidate.category_id where upper(named.name) like ? escape '\\')
        group by pc.product_id having upper(string_agg(c.name, ' ' order by c.name)) like ? escape '\\')`);
      params.push(likePattern(longestRun, 'contains'), likePattern(text, 'contains'));
    }
  }
  // A search is its bounded candidates (decision 0064): the other conditions, the sort and the page apply to those.
  const query = searchQueryOf(filter?.query, 'filter.query');
  const search = literalSearchOf(filter?.search, 'filter.search');
  if (search === null || matchesNothing(filter?.query)) return nothing;
  for (const match of [
    { kind: 'query' as const, text: query },
    { kind: 'search' as const, text: search },
  ]) {
    if (!match.text) continue;
    const ids = await searchCandidates(ctx, match);
    if (ids.length === 0) return nothing;
    conditions.push('p.id = any(?::int[])');
    params.push(ids);
  }
  const availability = new Set(filter?.availability ?? []);
  if (availability.size === 1) {
    conditions.push(availability.has(Availability.IN_STOCK) ? 'p.quantity > 0' : 'p.quantity <= 0');
  }
  return { where: conditions.join(' and '), params, none: false };
}

/**
 * Runs a catalogue statement: prepared when its values are all numbers (ids, a search's candidate ids, a category,
 * limits), since its plan does not depend on them (decision 0060); one with text in its WHERE (an unknown slug's
 * pattern) keeps a plan made for that text. The first `rankingValues` values are texts the select list ranks by
 * (a search's similarity text, over ids already chosen): the plan does not depend on them either.
 */
async function catalogueRows<Row extends object>(
  ctx: RequestContext,
  sql: string,
  params: unknown[],
  rankingValues = 0,
): Promise<Row[]> {
  const numeric = (value: unknown) => typeof value === 'number';
  const numbers = (value: unknown): value is number[] => Array.isArray(value) && value.every(numeric);
  return params.slice(rankingValues).every((param) => numeric(param) || numbers(param))
    ? queryPrepared<Row>(ctx.em, sql, params)
    : // MikroORM would spread a JavaScript array into a list: ids go as one PostgreSQL array literal.
      ctx.em.getConnection().execute<Row[]>(
        sql,
        params.map((param) => (numbers(param) ? idArray(param) : param)),
      );
}

/** Product rows as views, read whole (no cache): for reads that take every product. */
async function productRows(ctx: RequestContext, sql: string, params: unknown[]): Promise<ProductView[]> {
  const rows = await catalogueRows<ProductRow>(ctx, sql, params);
  return rows.map((row) => toProductView(row, imageUrlOf(ctx)));
}

/**
 * Shown products by id, unknown and archived ids left out: from this instance's view cache, and the views it lacks
 * in one statement (decision 0062). No statement when it holds them all.
 */
async function viewsByIds(ctx: RequestContext, ids: readonly number[]): Promise<Map<number, ProductView>> {
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
async function productsSelected(
  ctx: RequestContext,
  sql: string,
  params: unknown[],
  rankingValues = 0,
): Promise<ProductView[]> {
  const ids = (await catalogueRows<{ id: number }>(ctx, sql, params, rankingValues)).map((row) => row.id);
  const views = await viewsByIds(ctx, ids);
  return ids.flatMap((id) => views.get(id) ?? []);
}

export interface ProductPageRequest {
  filter: ProductFilter | null;
  sort: ProductSort;
  page: Page;
}

/** One page of products: one statement (plus the category lookup its slug may need, shared per request). */
export async function readProductPage(ctx: RequestContext, request: ProductPageRequest): Promise<ProductView[]> {
  const { where, params, none } = await conditionsFor(ctx, request.filter);
  if (none) return [];
  const query = searchQueryOf(request.filter?.query, 'filter.query');
  // RELEVANCE without a query has nothing to rank by: the default order.
  const sort = request.sort === ProductSort.RELEVANCE && !query ? ProductSort.BEST_SELLING : request.sort;
  const ranked = sort === ProductSort.RELEVANCE;
  const order = orderBy[sort];
  // An ORDER BY may name the select list's own columns only unqualified.
  const innerOrder = ranked ? order.replace(/p\.(relevance|closeness)/g, '$1') : order;
  return productsSelected(
    ctx,
    `select p.id${ranked ? `, ${relevanceColumns}` : ''} from products p where ${where}
     order by ${innerOrder} limit ? offset ?`,
    [
      ...(ranked ? [similarityText(query), similarityText(query)] : []),
      ...params,
      request.page.limit,
      request.page.offset,
    ],
    ranked ? 2 : 0,
  );
}

/**
 * Reads of the catalogue, from PostgreSQL on every request (decision 0034): one statement per list, count
 * or batch of ids, whatever the catalogue's size, each served by an index. A page is chosen over the bare
 * rows first, then only its rows get their images and categories.
 */
/** The most suggestions of each kind one request may ask for. */
export const maxSuggestions = 20;

/** How many of a category's newest members "You may also like" looks through for in-stock ones. */
const relatedLookahead = 100;

export const catalogService = {
  /** A category by slug or alias, case-insensitive; one statement per request however often it is asked. */
  async findCategoryBySlug(ctx: RequestContext, slug: string): Promise<CategoryView | null> {
    ctx.cacheTags.add(cacheTag.categories);
    const normalised = normaliseSlug(slug);
    return normalised ? ctx.loaders.catalog.categoryBySlug.load(normalised) : null;
  },

  async categoryMatch(ctx: RequestContext, slug: string): Promise<{ title: string; category: CategoryView | null }> {
    const category = await this.findCategoryBySlug(ctx, slug);
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
    const request: ProductPageRequest = {
      filter: options.filter ? { ...options.filter } : null,
      sort: options.sort ?? (query ? ProductSort.RELEVANCE : ProductSort.BEST_SELLING),
      page: { limit: options.page.limit, offset: options.page.offset },
    };
    readsList(ctx, options.filter);
    const page = await ctx.loaders.catalog.productPage.load(JSON.stringify(request));
    shows(
      ctx,
      page.map((product) => product.id),
    );
    return page;
  },

  async countProducts(ctx: RequestContext, filter?: ProductFilter | null): Promise<number> {
    readsList(ctx, filter);
    const connection = ctx.em.getConnection();
    const slug = filter?.categorySlug?.trim();
    const category = slug ? await this.findCategoryBySlug(ctx, slug) : null;
    if (
      category &&
      !literalSearchOf(filter?.search, 'filter.search') &&
      !searchQueryOf(filter?.query, 'filter.query') &&
      new Set(filter?.availability ?? []).size !== 1
    ) {
      // A category page's count, the commonest: its members' index less the few archived ones (an anti-join
      // on two index-only scans, ~2 ms for 10,000 members where joining the products took ~25 ms).
      const row = singleRow(
        await connection.execute<{ count: number }[]>(
          `select count(*)::int as count from product_categories pc where pc.category_id = ?
         and not exists (select 1 from products p where p.id = pc.product_id and p.archived_at is not null)`,
          [category.id],
        ),
      );
      return row.count;
    }
    const query = searchQueryOf(filter?.query, 'filter.query');
    const search = literalSearchOf(filter?.search, 'filter.search');
    if (
      !slug &&
      new Set(filter?.availability ?? []).size !== 1 &&
      !(query && search) &&
      !matchesNothing(filter?.query)
    ) {
      // A search alone (the /search page's count): its candidates are already the shown products that match, read
      // once for the page too, so their number is the count and no statement is needed (decision 0064).
      if (search === null) return 0;
      const match = query
        ? { kind: 'query' as const, text: query }
        : search
          ? { kind: 'search' as const, text: search }
          : null;
      if (match) return (await searchCandidates(ctx, match)).length;
    }
    const { where, params, none } = await conditionsFor(ctx, filter);
    if (none) return 0;
    const row = singleRow(
      await catalogueRows<{ count: number }>(
        ctx,
        `select count(*)::int as count from products p where ${where}`,
        params,
      ),
    );
    return row.count;
  },

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<ProductView[]> {
    return this.listProducts(ctx, { sort: ProductSort.NEWEST, page });
  },

  /** Products by id, in the order asked, null for unknown or archived ids. One statement per batch. */
  async productsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(ProductView | null)[]> {
    // Asked for, found or not: a product created under a missing id turns a 404 into a page.
    shows(ctx, ids);
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
    readsList(ctx, { availability: [Availability.IN_STOCK] });
    shows(ctx, [productId]);
    if (!Number.isSafeInteger(productId) || limit <= 0) return [];
    // Driven from the product's own categories: each walks its newest members through the (category, product)
    // index, at most `relatedLookahead` of them, so the cost stays the same for a small category in a large
    // catalogue (a semi-join over every in-stock product took 41 ms at 50,000 products).
    const related = await productsSelected(
      ctx,
      `select p.id
       from (select distinct on (p.id) p.*
               from product_categories own
               cross join lateral (
                 select p.* from (select member.product_id from product_categories member
                                   where member.category_id = own.category_id and member.product_id <> ?
                                   order by member.product_id desc limit ?) m
                 cross join lateral (select * from products p
                                      where p.id = m.product_id and p.archived_at is null and p.quantity > 0
                                      offset 0) p
                 limit ?) p
              where own.product_id = ?
              order by p.id desc) p
       order by p.id desc limit ?`,
      [productId, relatedLookahead, limit, productId, limit],
    );
    // Not tagged with each related product: an order's stock change would then drop every neighbour's page. The
    // cards show no quantity; what they do show changes with a list change (name, price, category) or an in-stock
    // flip, both tagged above. An image-only edit shows on the next such change.
    return related;
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
    readsList(ctx, null);
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
    readsList(ctx, null);
    return productRows(
      ctx,
      `select ${productViewColumns} from products p where p.archived_at is null order by p.id`,
      [],
    );
  },

  /**
   * What the header's search box suggests while a shopper types (decision 0051): the closest products, ranked as
   * the /search page ranks them, and the categories whose name or alias matches. Three statements at most (the
   * bounded candidates, their ranking, the categories), none for a search under two letters or digits.
   */
  async searchSuggestions(
    ctx: RequestContext,
    text: string,
    first: number,
  ): Promise<{ query: string; products: ProductView[]; categories: CategoryView[] }> {
    const query = searchQueryOf(text, 'q');
    if (!Number.isInteger(first) || first < 1 || first > maxSuggestions) {
      throw AppError.badInput([
        FieldError.of('first', 'OUT_OF_RANGE', `first must be between 1 and ${maxSuggestions}`),
      ]);
    }
    if (!query) return { query, products: [], categories: [] };
    readsList(ctx, null);
    ctx.cacheTags.add(cacheTag.categories);
    // Ranked as /search ranks them, among the search's bounded candidates (decision 0064).
    const candidates = candidatesSelect({ kind: 'query', text: query });
    const products = await productsSelected(
      ctx,
      `select p.id from (select p.id, ${relevanceColumns}
                         from (${candidates.sql}) p) p
       order by p.relevance desc, p.closeness desc, p.id limit ?`,
      [similarityText(query), similarityText(query), ...candidates.params, first],
    );
    shows(
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
  },

  async listCategories(ctx: RequestContext): Promise<CategoryView[]> {
    ctx.cacheTags.add(cacheTag.categories);
    const rows = await ctx.em
      .getConnection()
      .execute<CategoryRow[]>(`select ${categoryColumns} from categories order by name`);
    return rows.map((row) => toCategoryView(row, imageUrlOf(ctx)));
  },
};
