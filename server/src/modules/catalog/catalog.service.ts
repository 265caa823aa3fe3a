import type { RequestContext } from '../../http/request-context';
import type { Page } from '../../shared/pagination';
import { Category } from './category.entity';
import { Product } from './product.entity';

/** Reads of the catalogue. Writes arrive with the admin area. */
export const catalogService = {
  async listProducts(ctx: RequestContext, page: Page): Promise<Product[]> {
    return ctx.em.find(Product, {}, { orderBy: { id: 'asc' }, limit: page.limit, offset: page.offset });
  },

  /** The newest products first (highest id), as the home page and /new-arrivals show them. */
  async listNewArrivals(ctx: RequestContext, page: Page): Promise<Product[]> {
    return ctx.em.find(Product, {}, { orderBy: { id: 'desc' }, limit: page.limit, offset: page.offset });
  },

  async countProducts(ctx: RequestContext): Promise<number> {
    return ctx.em.count(Product, {});
  },

  async findProduct(ctx: RequestContext, id: number): Promise<Product | null> {
    return ctx.em.findOne(Product, { id });
  },

  async listCategories(ctx: RequestContext): Promise<Category[]> {
    return ctx.em.find(Category, {}, { orderBy: { name: 'asc' } });
  },
};
