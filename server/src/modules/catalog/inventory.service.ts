import type { RequestContext } from '../../core/request-context';
import type { Page } from '../../shared/pagination';
import { likePattern, searchText } from '../../shared/search';
import { checkSearchLength } from './catalog-search';
import { singleRow } from '../../shared/single-row';
import { Permission, requirePermission } from '../accounts/guards';
import { toProductView, type ProductRow, type ProductView } from './catalog.views';
import { productViewColumns } from './product-query-sql';

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

/** The lowest stock among a product's sizes on sale (`p`), the threshold's figure for the low-stock list. */
const lowestStock = `(select min(v.quantity) from product_variants v where v.product_id = p.id and v.archived_at is null)`;

/** Newest first by default; low stock lowest size first. Both end on the id, so every page is stable. */
const orders = {
  newest: ['id desc'],
  lowStock: ['lowest_stock', 'id'],
} as const;

const orderBy = (columns: readonly string[], alias: string) => columns.map((column) => `${alias}.${column}`).join(', ');

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
    requirePermission(ctx, Permission.STOCK);
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
      // A product with any size at or under the threshold (decision 0085: stock is per size).
      conditions.push(`p.id in (select v.product_id from product_variants v
        where v.archived_at is null and v.quantity <= ?::int)`);
      parameters.push(ctx.config.lowStockThreshold);
    }
    const order = query.lowStock ? orders.lowStock : orders.newest;
    const where = conditions.join(' and ');
    // The conditions twice (count, page) rather than a shared CTE: PostgreSQL would materialise every match of
    // the CTE and sort them all, where the page alone can walk an index and stop after `limit` rows.
    // Each page row as the storefront's views read it (sizes, images, categories), in the page's order.
    const sql = `select (select count(*)::int from products p where ${where}) as total_count,
      coalesce((select json_agg(row_to_json(shown) order by ${orderBy(order, 'shown')}) from (
        select ${productViewColumns}, page.lowest_stock
          from (select p.id${query.lowStock ? `, ${lowestStock} as lowest_stock` : ', 0 as lowest_stock'}
                  from products p where ${where}
                 order by ${query.lowStock ? 'lowest_stock, p.id' : orderBy(order, 'p')} limit ?::int offset ?::int) page
          join products p on p.id = page.id) shown), '[]'::json) as products`;
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
