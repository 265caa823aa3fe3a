import DataLoader from 'dataloader';
import type { RequestContext } from '../../core/request-context';
import type { CategoryView, ProductView } from './catalog.views';
import { catalogService } from './catalog.service';
import { categoriesBySlugs } from './category-reads';
import { readProductPage, type ProductPageRequest } from './product-views';

/**
 * Products by id for anything that refers to them (a page, later cart lines and order items):
 * however many are asked for in one tick, one statement. Categories by (lower-case) slug likewise: a
 * category page asks for its category, its products and their count, and looks the slug up once. Pages of
 * products by their request (as JSON): a query asking for one page under several aliases reads it once.
 */
export function createCatalogLoaders(context: () => RequestContext) {
  return {
    productById: new DataLoader<number, ProductView | null>((ids) => catalogService.productsByIds(context(), ids)),
    categoryBySlug: new DataLoader<string, CategoryView | null>((slugs) => categoriesBySlugs(context(), slugs)),
    productPage: new DataLoader<string, ProductView[]>((requests) =>
      Promise.all(requests.map((request) => readProductPage(context(), JSON.parse(request) as ProductPageRequest))),
    ),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;

declare module '../../core/request-context' {
  interface RequestLoaders {
    catalog: CatalogLoaders;
  }
}
