import type { RequestContext } from '../../core/request-context';
import { centsToDecimal } from '../../shared/money';
import { Permission, requirePermission } from '../accounts/guards';
import { csvCell, type CsvCell } from '../admin/csv';
import { listSeparator, productCsvColumns } from './product-csv';

/** Products per page: about 3 sizes each, so a page is some 1,500 rows, read in one statement. */
export const exportPageSize = 500;

interface ExportRow {
  id: number;
  handle: string;
  name: string;
  description: string;
  categories: string;
  scent_family: string | null;
  for_whom: string | null;
  notes_top: string[];
  notes_heart: string[];
  notes_base: string[];
  images: string;
  size_ml: number | null;
  concentration: string | null;
  is_sample: boolean;
  sku: string | null;
  price_cents: number;
  sale_price_cents: number | null;
  on_sale: boolean;
  quantity: number;
  size_images: string;
}

/**
 * One page of the catalogue's sizes after product `afterId`: one row per size that is not archived, products in id
 * order, sizes in their order. Categories by slug (a slug never holds the list separator).
 */
const pageSql = `select p.id, p.handle, p.name, p.description, p.scent_family, p.for_whom, p.notes_top, p.notes_heart, p.notes_base,
    (select coalesce(string_agg(c.slug, '|' order by c.slug), '') from product_categories pc
       join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
    (select coalesce(string_agg(i.file_name, '|' order by i.position, i.id), '') from product_images i
      where i.product_id = p.id and i.variant_id is null) as images,
    v.size_ml, v.concentration, v.is_sample, v.sku, v.price_cents, v.sale_price_cents, v.on_sale, v.quantity,
    (select coalesce(string_agg(i.file_name, '|' order by i.position, i.id), '') from product_images i
      where i.variant_id = v.id) as size_images
  from (select * from products q where q.archived_at is null and q.id > ?
          and exists (select 1 from product_variants a where a.product_id = q.id and a.archived_at is null)
        order by q.id limit ?) p
  join product_variants v on v.product_id = p.id and v.archived_at is null
  order by p.id, v.position, v.id`;

function line(cells: CsvCell[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

function rowCells(row: ExportRow): CsvCell[] {
  const cells: Record<(typeof productCsvColumns)[number], CsvCell> = {
    handle: row.handle,
    name: row.name,
    description: row.description,
    categories: row.categories,
    scent_family: row.scent_family,
    for_whom: row.for_whom,
    notes_top: row.notes_top.join(listSeparator),
    notes_heart: row.notes_heart.join(listSeparator),
    notes_base: row.notes_base.join(listSeparator),
    images: row.images,
    size_ml: row.size_ml,
    concentration: row.concentration,
    is_sample: row.is_sample ? 'true' : 'false',
    sku: row.sku,
    price_kes: centsToDecimal(row.price_cents),
    sale_price_kes: row.sale_price_cents === null ? '' : centsToDecimal(row.sale_price_cents),
    on_sale: row.on_sale ? 'true' : 'false',
    quantity: row.quantity,
    size_images: row.size_images,
  };
  return productCsvColumns.map((column) => cells[column]);
}

export const productCsvExportService = {
  /**
   * The catalogue in the import's format (decision 0086), as chunks of text: a byte order mark and the header, then
   * a chunk per page of products. Memory stays one page whatever the catalogue's size; each page is read on its
   * own (a product changed between pages shows as it was when its page was read). Text a spreadsheet would run as
   * a formula gets csv.ts's apostrophe, which the import takes off again.
   */
  async *pages(ctx: RequestContext): AsyncGenerator<string> {
    requirePermission(ctx, Permission.REPORTS);
    yield `\uFEFF${line([...productCsvColumns])}`;
    let afterId = 0;
    for (;;) {
      const rows = await ctx.em.execute<ExportRow[]>(pageSql, [afterId, exportPageSize]);
      if (rows.length === 0) return;
      yield rows.map((row) => line(rowCells(row))).join('');
      afterId = rows[rows.length - 1]!.id;
    }
  },
};
