import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { likePattern, searchText } from '../../shared/search';
import { checkSearchLength } from './catalog-search';
import { singleRow } from '../../shared/single-row';
import { requireAdmin } from '../accounts/guards';
import { toProductView, type ProductRow, type ProductView } from './catalog.views';
import { variantsJsonSql } from './product-query-sql';

export interface InventoryQuery {
  /** Matches name, category or description, any case, anywhere; % and _ are literal. */
  search?: unknown;
  /** Only products at or below the low-stock threshold, lowest quantity first. */
  lowStock?: boolean;
  page: Page;
}

export interface InventoryPage {
  products: ProductView[];
  /** The products matching the search and filter, across all pages. */
  totalCount: number;
}

/** Newest first by default; low stock lowest first. Both end on the id, so every page is stable. */
const orders = {
  newest: ['id desc'],
  lowStock: ['quantity', 'id'],
} as const;

const orderBy = (columns: readonly string[], alias: string) => columns.map((column) => `${alias}.${column}`).join(', ');

/** A page row as the storefront's views read it: images in order, categories by name. */
const productJson = `json_build_object('id', p.id, 'name', p.name, 'description', p.description,
    'price_cents', p.price_cents, 'sale_price_cents', p.sale_price_cents, 'on_sale', p.on_sale,
    'quantity', p.quantity, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'scent_family', p.scent_family, 'for_whom', p.for_whom, 'notes_top', p.notes_top, 'notes_heart', p.notes_heart,
    'notes_base', p.notes_base, 'variants', ${variantsJsonSql},
    'images', coalesce((select json_agg(json_build_object('id', i.id, 'fileName', i.file_name, 'width', i.width,
       'height', i.height, 'widths', i.widths, 'variantId', i.variant_id) order by i.position, i.id)
       from product_images i where i.product_id = p.id), '[]'::json),
    'categories', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug,
       'description', c.description, 'image_file_name', c.image_file_name) order by c.name)
       from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id), '[]'::json))`;

interface InventoryRow {
  total_count: number;
  products: ProductRow[];
}

/**
 * The admin's inventory, read from PostgreSQL page by page: one statement whatever the catalogue's size (the
 * count, and only the page's rows with their images and categories as JSON).
 */
export const inventoryService = {
  async list(ctx: RequestContext, query: InventoryQuery): Promise<InventoryPage> {
    requireAdmin(ctx);
    const conditions = ['p.archived_at is null'];
    const parameters: unknown[] = [];
    if (typeof query.search === 'string') checkSearchLength(query.search, 'search');
    const search = searchText(query.search);
    if (search) {
      const pattern = likePattern(search, 'contains');
      // The matching categories' products once (a hashed set), not a lookup per product.
      conditions.push(`(p.name ilike ? or p.description ilike ? or p.id in (select pc.product_id
        from product_categories pc join categories c on c.id = pc.category_id where c.name ilike ?))`);
      parameters.push(pattern, pattern, pattern);
    }
    if (query.lowStock) {
      conditions.push('p.quantity <= ?::int');
      parameters.push(ctx.config.lowStockThreshold);
    }
    const order = query.lowStock ? orders.lowStock : orders.newest;
    const where = conditions.join(' and ');
    // The conditions twice (count, page) rather than a shared CTE: PostgreSQL would materialise every match of
    // the CTE and sort them all, where the page alone can walk an index and stop after `limit` rows.
    const sql = `select (select count(*)::int from products p where ${where}) as total_count,
      coalesce((select json_agg(${productJson} order by ${orderBy(order, 'page')})
        from (select p.id, p.quantity from products p where ${where}
               order by ${orderBy(order, 'p')} limit ?::int offset ?::int) page
        join products p on p.id = page.id), '[]'::json) as products`;
    const row = singleRow(
      await ctx.em
        .getConnection()
        .execute<InventoryRow[]>(sql, [...parameters, ...parameters, query.page.limit, query.page.offset]),
    );
    return {
      products: row.products.map((product) => toProductView(product, (key) => ctx.storage.publicUrl(key))),
      totalCount: row.total_count,
    };
  },
};
