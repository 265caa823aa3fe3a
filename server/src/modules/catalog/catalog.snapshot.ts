import type { RequestContext } from '../../http/request-context';
import {
  toCategoryView,
  toProductView,
  type CategoryRow,
  type CategoryView,
  type ProductRow,
  type ProductView,
} from './catalog.views';

export interface Catalogue {
  /** Every product, by id ascending. */
  products: ProductView[];
  byId: Map<number, ProductView>;
  /** Every category by name, with the slugs (canonical and aliases) that lead to it. */
  categories: CategoryView[];
  categoryBySlug: Map<string, CategoryView>;
}

/** Each live (not archived) product with its ordered images and its categories, as JSON. */
const productsSql = `select p.id, p.name, p.description, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity,
  p.created_at, p.updated_at,
  coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'width', i.width,
     'height', i.height, 'widths', i.widths) order by i.position, i.id)
     from product_images i where i.product_id = p.id), '[]'::json) as images,
  coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug,
     'description', c.description, 'image_file_name', c.image_file_name) order by c.name)
     from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json) as categories
  from products p where p.archived_at is null order by p.id`;

const categoriesSql = 'select id, name, slug, description, image_file_name, aliases from categories order by name';

/**
 * The catalogue shoppers read, held in this process: a perfume shop's products and categories are a few
 * hundred rows, read on every page and changed rarely. Loaded with two statements on first use after a
 * change, dropped whenever public data changes (the response cache's invalidation), so every read —
 * filters, sorts, pages, slugs — costs no SQL at all.
 */
export class CatalogueSnapshot {
  private current: Promise<Catalogue> | undefined;

  /** A load under way keeps answering the callers who asked before the change; later callers start anew. */
  invalidate(): void {
    this.current = undefined;
  }

  get(ctx: RequestContext): Promise<Catalogue> {
    if (!this.current) {
      const loading = this.load(ctx).catch((error: unknown) => {
        if (this.current === loading) this.current = undefined;
        throw error;
      });
      this.current = loading;
    }
    return this.current;
  }

  private async load(ctx: RequestContext): Promise<Catalogue> {
    const connection = ctx.em.getConnection();
    const [productRows, categoryRows] = await Promise.all([
      connection.execute<ProductRow[]>(productsSql),
      connection.execute<(CategoryRow & { aliases: string[] })[]>(categoriesSql),
    ]);
    const urlOf = (key: string) => ctx.storage.publicUrl(key);
    const products = productRows.map((row) => toProductView(row, urlOf));
    const categories = categoryRows.map((row) => toCategoryView(row, urlOf));
    const categoryBySlug = new Map<string, CategoryView>();
    categoryRows.forEach((row, index) => {
      for (const slug of [row.slug, ...row.aliases]) categoryBySlug.set(slug.toLowerCase(), categories[index]);
    });
    return { products, byId: new Map(products.map((product) => [product.id, product])), categories, categoryBySlug };
  }
}
