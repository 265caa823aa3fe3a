import { cacheTag } from '../../events/catalogue-change';
import { unrecordedTags, type RequestContext } from '../../core/request-context';
import type { ProductFilter } from './catalog.inputs';

/** What a list depends on: every product (membership, order), availability and categories when filtered by them. */
export function listTagsOf(filter: ProductFilter | null | undefined): string[] {
  const tags: string[] = [cacheTag.productList];
  if (filter?.availability?.length) tags.push(cacheTag.availability);
  if (filter?.categorySlug) tags.push(cacheTag.categories);
  return tags;
}

/** Tags the answer with what a list depends on (listTagsOf). */
export function tagListRead(ctx: RequestContext, filter: ProductFilter | null | undefined): void {
  for (const tag of listTagsOf(filter)) ctx.cacheTags.add(tag);
}

/** Tags the answer with the products it shows. */
export function tagShownProducts(ctx: RequestContext, productIds: readonly number[]): void {
  if (ctx.cacheTags === unrecordedTags) return;
  for (const id of productIds) ctx.cacheTags.add(cacheTag.product(id));
}
