import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { RequestContext } from '../../http/request-context';
import type { Page } from '../../shared/pagination';
import { Availability, ProductSort, type ProductFilter } from './catalog.inputs';
import { Category } from './category.entity';
import { Product } from './product.entity';

/** The price a shopper pays, in SQL; the same rule as effectivePriceCents(). */
const effectivePriceSql = 'case when on_sale and sale_price_cents > 0 then sale_price_cents else price_cents end';

/** The spec's rule for a category slug: first hyphen to a space, upper-case ("for-women" → "FOR WOMEN"). */
export function slugToCategoryText(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function orderFor(sort: ProductSort): QueryOrderMap<Product>[] {
  switch (sort) {
    case ProductSort.PRICE_LOW_TO_HIGH:
      return [{ [raw(effectivePriceSql)]: 'asc' }, { id: 'asc' }];
    case ProductSort.PRICE_HIGH_TO_LOW:
      return [{ [raw(effectivePriceSql)]: 'desc' }, { id: 'asc' }];
    case ProductSort.ALPHABETICALLY:
      return [{ [raw('lower(name)')]: 'asc' }, { id: 'asc' }];
    case ProductSort.NEWEST:
      return [{ id: 'desc' }];
    default:
      return [{ id: 'asc' }];
  }
}

/** Reads of the catalogue. Writes arrive with the admin area. */
export const catalogService = {
  /** A slug or one of its aliases names a category; null when none does. */
  async findCategoryBySlug(ctx: RequestContext, slug: string): Promise<Category | null> {
    const normalised = slug.trim().toLowerCase();
    if (!normalised) return null;
    return ctx.em.findOne(Category, { $or: [{ slug: normalised }, { aliases: { $contains: [normalised] } }] });
  },

  async categoryMatch(ctx: RequestContext, slug: string): Promise<{ title: string; category: Category | null }> {
    const category = await this.findCategoryBySlug(ctx, slug);
    return { title: category?.name ?? slugToCategoryText(slug.trim()), category };
  },

  /** The products a filter selects, as a MikroORM condition (at most one extra statement). */
  async whereFor(ctx: RequestContext, filter: ProductFilter | null | undefined): Promise<FilterQuery<Product>> {
    const conditions: FilterQuery<Product>[] = [];
    if (filter?.categorySlug?.trim()) {
      const category = await this.findCategoryBySlug(ctx, filter.categorySlug);
      if (category) {
        conditions.push({ categories: category.id });
      } else {
        // The spec's rule: the slug's text is a substring of the product's category text.
        const text = `%${escapeLike(slugToCategoryText(filter.categorySlug.trim()))}%`;
        conditions.push({
          id: {
            $in: raw(
              `(select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
                group by pc.product_id having string_agg(c.name, ' ' order by c.name) ilike ?)`,
              [text],
            ),
          },
        });
      }
    }
    const search = filter?.search?.trim();
    if (search) conditions.push({ name: { $ilike: `%${escapeLike(search)}%` } });
    const availability = new Set(filter?.availability ?? []);
    if (availability.size === 1) {
      conditions.push(availability.has(Availability.IN_STOCK) ? { quantity: { $gt: 0 } } : { quantity: { $lte: 0 } });
    }
    return conditions.length === 0 ? {} : { $and: conditions };
  },

  async listProducts(
    ctx: RequestContext,
    options: { filter?: ProductFilter | null; sort?: ProductSort | null; page: Page },
  ): Promise<Product[]> {
    const where = await this.whereFor(ctx, options.filter);
    return ctx.em.find(Product, where, {
      orderBy: orderFor(options.sort ?? ProductSort.BEST_SELLING),
      limit: options.page.limit,
      offset: options.page.offset,
    });
  },

  async countProducts(ctx: RequestContext, filter?: ProductFilter | null): Promise<number> {
    return ctx.em.count(Product, await this.whereFor(ctx, filter));
  },

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<Product[]> {
    return this.listProducts(ctx, { sort: ProductSort.NEWEST, page });
  },

  /** Every product's id and last change, for the sitemap (no pagination: the sitemap lists them all). */
  async listAllProductStamps(ctx: RequestContext): Promise<{ id: number; updatedAt: Date }[]> {
    return ctx.em.find(Product, {}, { fields: ['id', 'updatedAt'], orderBy: { id: 'asc' } });
  },

  async findProduct(ctx: RequestContext, id: number): Promise<Product | null> {
    return ctx.em.findOne(Product, { id });
  },

  async listCategories(ctx: RequestContext): Promise<Category[]> {
    return ctx.em.find(Category, {}, { orderBy: { name: 'asc' } });
  },
};
