import type { Knex } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../http/request-context';
import type { Page } from '../../shared/pagination';
import { Availability, ProductSort, type ProductFilter } from './catalog.inputs';
import {
  toCategoryView,
  toProductView,
  type CategoryRow,
  type CategoryView,
  type ProductRow,
  type ProductView,
} from './catalog.views';
import { Product } from './product.entity';

/** The price a shopper pays, in SQL; the same rule as effectivePriceCents(). */
const effectivePriceSql =
  'case when p.on_sale and p.sale_price_cents > 0 then p.sale_price_cents else p.price_cents end';

const categoryColumns = 'id, name, slug, description, image_file_name';

/** Each product with its ordered images and its categories, as JSON: one statement for a whole page. */
const productColumns = [
  'p.id',
  'p.name',
  'p.description',
  'p.price_cents',
  'p.sale_price_cents',
  'p.on_sale',
  'p.quantity',
  'p.created_at',
  'p.updated_at',
  `coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'width', i.width,
     'height', i.height, 'widths', i.widths) order by i.position, i.id)
     from product_images i where i.product_id = p.id), '[]'::json) as images`,
  `coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug,
     'description', c.description, 'image_file_name', c.image_file_name) order by c.name)
     from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json) as categories`,
];

/** The spec's rule for a category slug: first hyphen to a space, upper-case ("for-women" → "FOR WOMEN"). */
export function slugToCategoryText(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function applyOrder(query: Knex.QueryBuilder, sort: ProductSort): Knex.QueryBuilder {
  switch (sort) {
    case ProductSort.PRICE_LOW_TO_HIGH:
      return query.orderByRaw(`${effectivePriceSql} asc, p.id asc`);
    case ProductSort.PRICE_HIGH_TO_LOW:
      return query.orderByRaw(`${effectivePriceSql} desc, p.id asc`);
    case ProductSort.ALPHABETICALLY:
      return query.orderByRaw('lower(p.name) asc, p.id asc');
    case ProductSort.NEWEST:
      return query.orderBy('p.id', 'desc');
    default:
      return query.orderBy('p.id', 'asc');
  }
}

function knexOf(ctx: RequestContext): Knex {
  return ctx.em.getKnex();
}

async function rows<T>(ctx: RequestContext, query: Knex.QueryBuilder | Knex.Raw): Promise<T[]> {
  // Through MikroORM's connection, so the statement is logged and counted like any other.
  return ctx.em.getConnection().execute<T[]>(query as Knex.QueryBuilder);
}

/** Reads of the catalogue. Writes arrive with the admin area. */
export const catalogService = {
  /** A slug or one of its aliases names a category; null when none does. */
  async findCategoryBySlug(ctx: RequestContext, slug: string): Promise<CategoryView | null> {
    const normalised = slug.trim().toLowerCase();
    if (!normalised) return null;
    const [row] = await rows<CategoryRow>(
      ctx,
      knexOf(ctx).raw(`select ${categoryColumns} from categories where slug = ? or ? = any(aliases) limit 1`, [
        normalised,
        normalised,
      ]),
    );
    return row ? toCategoryView(row) : null;
  },

  async categoryMatch(ctx: RequestContext, slug: string): Promise<{ title: string; category: CategoryView | null }> {
    const category = await this.findCategoryBySlug(ctx, slug);
    return { title: category?.name ?? slugToCategoryText(slug.trim()), category };
  },

  /** Narrows `query` (over `products as p`) to what the filter selects; at most one statement to resolve a slug. */
  async applyFilter(
    ctx: RequestContext,
    query: Knex.QueryBuilder,
    filter: ProductFilter | null | undefined,
  ): Promise<Knex.QueryBuilder> {
    const slug = filter?.categorySlug?.trim();
    if (slug) {
      const category = await this.findCategoryBySlug(ctx, slug);
      if (category) {
        query.whereExists((sub) =>
          sub
            .select(knexOf(ctx).raw('1'))
            .from('product_categories as pc')
            .whereRaw('pc.product_id = p.id and pc.category_id = ?', [category.id]),
        );
      } else {
        // The spec's rule: the slug's text is a substring of the product's category text.
        query.whereRaw(
          `p.id in (select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
            group by pc.product_id having string_agg(c.name, ' ' order by c.name) ilike ?)`,
          [`%${escapeLike(slugToCategoryText(slug))}%`],
        );
      }
    }
    const search = filter?.search?.trim();
    if (search) query.whereRaw('p.name ilike ?', [`%${escapeLike(search)}%`]);
    const availability = new Set(filter?.availability ?? []);
    if (availability.size === 1) query.where('p.quantity', availability.has(Availability.IN_STOCK) ? '>' : '<=', 0);
    return query;
  },

  async listProducts(
    ctx: RequestContext,
    options: { filter?: ProductFilter | null; sort?: ProductSort | null; page: Page },
  ): Promise<ProductView[]> {
    const query = knexOf(ctx)
      .select(knexOf(ctx).raw(productColumns.join(', ')))
      .from('products as p');
    await this.applyFilter(ctx, query, options.filter);
    applyOrder(query, options.sort ?? ProductSort.BEST_SELLING)
      .limit(options.page.limit)
      .offset(options.page.offset);
    return (await rows<ProductRow>(ctx, query)).map(toProductView);
  },

  async countProducts(ctx: RequestContext, filter?: ProductFilter | null): Promise<number> {
    const query = knexOf(ctx).count('* as count').from('products as p');
    await this.applyFilter(ctx, query, filter);
    const [row] = await rows<{ count: string }>(ctx, query);
    return Number(row.count);
  },

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<ProductView[]> {
    return this.listProducts(ctx, { sort: ProductSort.NEWEST, page });
  },

  /** Products by id, in the order asked, null for unknown ids: one statement (the DataLoader's batch). */
  async productsByIds(ctx: RequestContext, ids: readonly number[]): Promise<(ProductView | null)[]> {
    const query = knexOf(ctx)
      .select(knexOf(ctx).raw(productColumns.join(', ')))
      .from('products as p')
      .whereIn('p.id', [...ids]);
    const found = new Map((await rows<ProductRow>(ctx, query)).map((row) => [row.id, toProductView(row)]));
    return ids.map((id) => found.get(id) ?? null);
  },

  async findProduct(ctx: RequestContext, id: number): Promise<ProductView | null> {
    return Number.isSafeInteger(id) ? ctx.loaders.catalog.productById.load(id) : null;
  },

  /** Every product's id and last change, for the sitemap (no pagination: the sitemap lists them all). */
  async listAllProductStamps(ctx: RequestContext): Promise<{ id: number; updatedAt: Date }[]> {
    return ctx.em.find(Product, {}, { fields: ['id', 'updatedAt'], orderBy: { id: 'asc' } });
  },

  async listCategories(ctx: RequestContext): Promise<CategoryView[]> {
    return (
      await rows<CategoryRow>(ctx, knexOf(ctx).raw(`select ${categoryColumns} from categories order by name`))
    ).map(toCategoryView);
  },
};
