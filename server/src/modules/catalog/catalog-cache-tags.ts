import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../core/request-context';
import type { ProductFilter } from './catalog.inputs';

/** Tags the answer with what a list depends on: every product (membership, order), availability when filtered by it. */
export function tagListRead(ctx: RequestContext, filter: ProductFilter | null | undefined): void {
  ctx.cacheTags.add(cacheTag.productList);
  if (filter?.availability?.length) ctx.cacheTags.add(cacheTag.availability);
  if (filter?.categorySlug) ctx.cacheTags.add(cacheTag.categories);
}

/** Tags the answer with the products it shows. */
export function tagShownProducts(ctx: RequestContext, productIds: readonly number[]): void {
  for (const id of productIds) ctx.cacheTags.add(cacheTag.product(id));
}
