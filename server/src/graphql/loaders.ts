import type { RequestContext, RequestLoaders } from '../core/request-context';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog/catalog.loaders';
import { createReviewLoaders, type ReviewLoaders } from '../modules/reviews/reviews.loaders';
import { createOrderLoaders, type OrderLoaders } from '../modules/orders/orders.loaders';

/**
 * Every module's DataLoaders, made fresh for each request so nothing is cached across users. Each module's are
 * made on first use: most requests need one module's or none, and every object a request makes is garbage to collect.
 */
export function createLoaders(context: () => RequestContext): RequestLoaders {
  let catalog: CatalogLoaders | undefined;
  let reviews: ReviewLoaders | undefined;
  let orders: OrderLoaders | undefined;
  return {
    get orders() {
      return (orders ??= createOrderLoaders(context));
    },
    get catalog() {
      return (catalog ??= createCatalogLoaders(context));
    },
    get reviews() {
      return (reviews ??= createReviewLoaders(context));
    },
  };
}
