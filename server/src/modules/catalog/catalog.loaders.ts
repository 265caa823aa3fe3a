import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Category } from './category.entity';
import type { Product } from './product.entity';
import type { ProductImage } from './product-image.entity';

/**
 * Batches the to-many fields of products: however many products a page shows, their images
 * cost one statement and their categories one more.
 */
export function createCatalogLoaders(em: EntityManager) {
  const byId = { cacheKeyFn: (product: Product) => product.id };
  return {
    productImages: new DataLoader<Product, ProductImage[], number>(async (products) => {
      await em.populate(products as Product[], ['images'], { orderBy: { images: { position: 'asc', id: 'asc' } } });
      return products.map((product) => product.images.getItems());
    }, byId),
    productCategories: new DataLoader<Product, Category[], number>(async (products) => {
      await em.populate(products as Product[], ['categories']);
      return products.map((product) =>
        [...product.categories.getItems()].sort((left, right) => left.name.localeCompare(right.name)),
      );
    }, byId),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;

/** The spec's single category text, e.g. 'FOR MEN FOR WOMEN' for a product in both. */
export function categoryText(categories: Category[]): string {
  return categories.map((category) => category.name).join(' ');
}
