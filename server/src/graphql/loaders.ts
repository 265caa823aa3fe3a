import type { RequestContext, RequestLoaders } from '../core/request-context';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog/catalog.loaders';
import { createReviewLoaders, type ReviewLoaders } from '../modules/reviews/reviews.loaders';
import { createOrderLoaders, type OrderLoaders } from '../modules/orders/orders.loaders';

/**
 * Every module's DataLoaders, made fresh for each request so nothing is cached across users. Each module's are
 * made on first use: most requests need one module's or none, and every object a request makes is garbage to collect.
 */
export function createLoaders(context: () => RequestContext): RequestLoaders {
  return new LazyLoaders(context);
}

/**
 * A class rather than an object literal with getters: a literal's accessors are new functions each time, so every
 * request's loaders got a hidden class of their own in V8's old generation, which kept the request alive through
 * young collections (decision 0113).
 */
class LazyLoaders implements RequestLoaders {
  private catalogLoaders: CatalogLoaders | undefined;
  private reviewLoaders: ReviewLoaders | undefined;
  private orderLoaders: OrderLoaders | undefined;

  constructor(private readonly context: () => RequestContext) {}

  get orders(): OrderLoaders {
    return (this.orderLoaders ??= createOrderLoaders(this.context));
  }

  get catalog(): CatalogLoaders {
    return (this.catalogLoaders ??= createCatalogLoaders(this.context));
  }

  get reviews(): ReviewLoaders {
    return (this.reviewLoaders ??= createReviewLoaders(this.context));
  }
}
