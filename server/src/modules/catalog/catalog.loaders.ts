import DataLoader from 'dataloader';
import type { RequestContext } from '../../http/request-context';
import type { ProductView } from './catalog.views';
import { catalogService } from './catalog.service';

/**
 * Products by id for anything that refers to them (a page, later cart lines and order items):
 * however many are asked for in one tick, one statement.
 */
export function createCatalogLoaders(context: () => RequestContext) {
  return {
    productById: new DataLoader<number, ProductView | null>((ids) => catalogService.productsByIds(context(), ids)),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;
