/**
 * A product's default size as a scalar subquery: the first listed that is not archived (decision 0083). The same
 * rule migration 0024's mirror uses; `product` is the SQL for the product's id (a column or a placeholder).
 */
export function defaultSizeSql(product: string): string {
  return `select d.id from product_variants d where d.product_id = ${product} and d.archived_at is null
           order by d.position, d.id limit 1`;
}
