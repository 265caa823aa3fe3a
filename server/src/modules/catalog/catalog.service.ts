import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../http/request-context';
import type { Page } from '../../shared/pagination';
import { Availability, ProductSort, type ProductFilter } from './catalog.inputs';
import type { Catalogue } from './catalog.snapshot';
import type { CategoryView, ProductView } from './catalog.views';

/** The spec's rule for a category slug: first hyphen to a space, upper-case ("for-women" → "FOR WOMEN"). */
export function slugToCategoryText(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

const byId = (left: ProductView, right: ProductView) => left.id - right.id;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const comparators: Record<ProductSort, (left: ProductView, right: ProductView) => number> = {
  [ProductSort.BEST_SELLING]: byId,
  [ProductSort.NEWEST]: (left, right) => right.id - left.id,
  // The price a shopper pays: the sale price when there is one.
  [ProductSort.PRICE_LOW_TO_HIGH]: (left, right) =>
    left.effectivePriceCents - right.effectivePriceCents || byId(left, right),
  [ProductSort.PRICE_HIGH_TO_LOW]: (left, right) =>
    right.effectivePriceCents - left.effectivePriceCents || byId(left, right),
  [ProductSort.ALPHABETICALLY]: (left, right) => collator.compare(left.name, right.name) || byId(left, right),
};

function categoryFor(catalogue: Catalogue, slug: string): CategoryView | null {
  const normalised = slug.trim().toLowerCase();
  return normalised ? (catalogue.categoryBySlug.get(normalised) ?? null) : null;
}

/** Tags the answer with what a list depends on: every product (membership, order), availability when filtered by it. */
function readsList(ctx: RequestContext, filter: ProductFilter | null | undefined): void {
  ctx.cacheTags.add(cacheTag.productList);
  if (filter?.availability?.length) ctx.cacheTags.add(cacheTag.availability);
}

/** Tags the answer with the products it shows. */
function shows(ctx: RequestContext, productIds: readonly number[]): void {
  for (const id of productIds) ctx.cacheTags.add(cacheTag.product(id));
}

/** The products a filter selects, in the catalogue's order. */
function select(catalogue: Catalogue, filter: ProductFilter | null | undefined): ProductView[] {
  let products = catalogue.products;
  const slug = filter?.categorySlug?.trim();
  if (slug) {
    const category = categoryFor(catalogue, slug);
    if (category) {
      products = products.filter((product) => product.categories.some((item) => item.id === category.id));
    } else {
      // The spec's rule: the slug's text is a substring of the product's category text.
      const text = slugToCategoryText(slug);
      products = products.filter((product) => product.category.toUpperCase().includes(text));
    }
  }
  const search = filter?.search?.trim().toLowerCase();
  if (search) products = products.filter((product) => product.name.toLowerCase().includes(search));
  const availability = new Set(filter?.availability ?? []);
  if (availability.size === 1) {
    const inStock = availability.has(Availability.IN_STOCK);
    products = products.filter((product) => product.inStock === inStock);
  }
  return products;
}

/** Reads of the catalogue, from the in-process snapshot (catalog.snapshot.ts). Writes arrive with the admin area. */
export const catalogService = {
  async findCategoryBySlug(ctx: RequestContext, slug: string): Promise<CategoryView | null> {
    ctx.cacheTags.add(cacheTag.categories);
    return categoryFor(await ctx.catalogue.get(ctx), slug);
  },

  async categoryMatch(ctx: RequestContext, slug: string): Promise<{ title: string; category: CategoryView | null }> {
    const category = await this.findCategoryBySlug(ctx, slug);
    return { title: category?.name ?? slugToCategoryText(slug.trim()), category };
  },

  async listProducts(
    ctx: RequestContext,
    options: { filter?: ProductFilter | null; sort?: ProductSort | null; page: Page },
  ): Promise<ProductView[]> {
    readsList(ctx, options.filter);
    if (options.filter?.categorySlug) ctx.cacheTags.add(cacheTag.categories);
    const selected = select(await ctx.catalogue.get(ctx), options.filter);
    const sorted = [...selected].sort(comparators[options.sort ?? ProductSort.BEST_SELLING]);
    const page = sorted.slice(options.page.offset, options.page.offset + options.page.limit);
    const shownIds = page.map((product) => product.id);
    shows(ctx, shownIds);
    return page;
  },

  async countProducts(ctx: RequestContext, filter?: ProductFilter | null): Promise<number> {
    readsList(ctx, filter);
    if (filter?.categorySlug) ctx.cacheTags.add(cacheTag.categories);
    return select(await ctx.catalogue.get(ctx), filter).length;
  },

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<ProductView[]> {
    return this.listProducts(ctx, { sort: ProductSort.NEWEST, page });
  },

  /** Products by id, in the order asked, null for unknown ids. */
  async productsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(ProductView | null)[]> {
    // Asked for, found or not: a product created under a missing id turns a 404 into a page.
    shows(ctx, ids);
    const { byId: products } = await ctx.catalogue.get(ctx);
    return ids.map((id) => products.get(id) ?? null);
  },

  async findProduct(ctx: RequestContext, id: number): Promise<ProductView | null> {
    return Number.isSafeInteger(id) ? ctx.loaders.catalog.productById.load(id) : null;
  },

  /** Every product, for the sitemap. */
  async listAllProducts(ctx: RequestContext): Promise<ProductView[]> {
    readsList(ctx, null);
    return (await ctx.catalogue.get(ctx)).products;
  },

  async listCategories(ctx: RequestContext): Promise<CategoryView[]> {
    ctx.cacheTags.add(cacheTag.categories);
    return (await ctx.catalogue.get(ctx)).categories;
  },
};
