import type { RequestContext, RequestLoaders } from '../core/request-context';
import { createCatalogLoaders } from '../modules/catalog/catalog.loaders';
import { createReviewLoaders } from '../modules/reviews/reviews.loaders';

/** Every module's DataLoaders, made fresh for each request so nothing is cached across users. */
export function createLoaders(context: () => RequestContext): RequestLoaders {
  return { catalog: createCatalogLoaders(context), reviews: createReviewLoaders(context) };
}
