import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { CartItem } from '../cart/cart-item.entity';
import { noteLowStock } from '../notifications/admin-notifications';
import { OrderItem } from '../orders/order.entity';
import { Category } from './category.entity';
import { catalogService } from './catalog.service';
import type { ProductView } from './catalog.views';
import { ProductImage, Product } from './product.entity';
import { discardImages, imageMessages, maxProductImages, readImages, type ImageSource } from './product-upload';
import { productColumns, validateProductDraft, validateQuantity, type ProductDraft } from './product-form-rules';
import {
  addImages,
  keptImages,
  removeUnreferencedFiles,
  withStoredImages,
  type ImageChanges,
} from './product-image-files';

const productNotFound = () => AppError.notFound('Product not found');

async function unknownCategoryErrors(em: EntityManager, ids: number[]): Promise<FieldError[]> {
  if (ids.length === 0) return [];
  const found = await em.count(Category, { id: { $in: ids } });
  return found === ids.length ? [] : [FieldError.of('category', 'UNKNOWN_CATEGORY', 'Category not found')];
}

/** A product's row, locked for this transaction; archived products are gone as far as the admin is concerned. */
async function lockProduct(em: EntityManager, id: number): Promise<Product> {
  const product = Number.isSafeInteger(id)
    ? await em.findOne(Product, { id, archivedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
    : null;
  if (!product) throw productNotFound();
  return product;
}

/**
 * The whole form checked: its rules, its categories, and every new image read and checked even when the rest
 * is wrong, so the admin hears about everything at once. `keptCount`: how many current images stay.
 */
async function checkForm(ctx: RequestContext, draft: ProductDraft, sources: ImageSource[], keptCount: number) {
  const { value, errors } = validateProductDraft(draft);
  errors.push(...(await unknownCategoryErrors(ctx.em, value.categoryIds)));
  const checked = await readImages(sources, keptCount);
  errors.push(...checked.errors);
  if (errors.length > 0) throw AppError.badInput(errors);
  return { value, images: checked.images };
}

export const catalogAdminService = {
  /** A product as the shop now shows it, read after the change committed. */
  async productView(ctx: RequestContext, id: number): Promise<ProductView> {
    const [product] = await catalogService.productsByIds(ctx, [id]);
    if (!product) throw productNotFound();
    return product;
  },

  async createProduct(ctx: RequestContext, draft: ProductDraft, sources: ImageSource[]): Promise<ProductView> {
    const { value, images } = await checkForm(ctx, draft, sources, 0);
    const id = await withStoredImages(ctx, images, (stored) =>
      ctx.em.transactional(async (em) => {
        const product = em.create(Product, { ...productColumns(value), categories: value.categoryIds });
        addImages(em, product, stored, 0);
        noteLowStock(em, ctx.config.lowStockThreshold, [{ name: product.name, quantity: product.quantity }]);
        await em.flush();
        await announceCatalogueChange(em, { productIds: [product.id], listsChanged: true });
        return product.id;
      }),
    );
    return this.productView(ctx, id);
  },

  async updateProduct(
    ctx: RequestContext,
    id: number,
    draft: ProductDraft,
    sources: ImageSource[],
    changes: ImageChanges,
  ): Promise<ProductView> {
    const current = Number.isSafeInteger(id)
      ? await ctx.em.findOne(Product, { id, archivedAt: null }, { populate: ['images'] })
      : null;
    if (!current) {
      await discardImages(sources);
      throw productNotFound();
    }
    const kept = keptImages(current.images.getItems(), changes);
    const { value, images } = await checkForm(ctx, draft, sources, kept.length);
    const removed = await withStoredImages(ctx, images, (stored) =>
      ctx.em.transactional(async (em) => {
        const product = await lockProduct(em, id);
        const images = await em.find(ProductImage, { product }, { orderBy: { position: 'asc', id: 'asc' } });
        // Re-decided under the lock: another admin may have changed the images since the check above.
        const keep = keptImages(images, changes);
        if (keep.length + stored.length > maxProductImages)
          throw AppError.field('images', 'TOO_MANY_IMAGES', imageMessages.tooMany);
        if (keep.length + stored.length === 0) throw AppError.field('images', 'REQUIRED', imageMessages.required);
        const gone = images.filter((image) => !keep.includes(image));
        gone.forEach((image) => em.remove(image));
        keep.forEach((image, position) => (image.position = position));
        addImages(em, product, stored, keep.length);
        const previousQuantity = product.quantity;
        await em.populate(product, ['categories']);
        const before = listedFields(product, product.categories.getIdentifiers<number>());
        Object.assign(product, productColumns(value));
        product.categories.set(value.categoryIds.map((categoryId) => em.getReference(Category, categoryId)));
        noteLowStock(em, ctx.config.lowStockThreshold, [
          { name: product.name, quantity: product.quantity, previousQuantity },
        ]);
        await em.flush();
        await announceCatalogueChange(em, {
          productIds: [id],
          listsChanged: before !== listedFields(product, value.categoryIds),
          ...stockChange(id, previousQuantity, product.quantity),
        });
        return gone.map(({ fileName, widths }) => ({ fileName, widths }));
      }),
    );
    await removeUnreferencedFiles(ctx, removed);
    return this.productView(ctx, id);
  },

  /** The inventory's inline edit: only the quantity, under a row lock. */
  async updateQuantity(ctx: RequestContext, id: number, rawQuantity: unknown): Promise<ProductView> {
    const quantity = validateQuantity(rawQuantity);
    await ctx.em.transactional(async (em) => {
      const product = await lockProduct(em, id);
      const previousQuantity = product.quantity;
      product.quantity = quantity;
      noteLowStock(em, ctx.config.lowStockThreshold, [{ name: product.name, quantity, previousQuantity }]);
      await em.flush();
      await announceCatalogueChange(em, stockChange(id, previousQuantity, quantity));
    });
    return this.productView(ctx, id);
  },

  /**
   * Deletes a product with its image files, unless orders refer to it: then it is archived (hidden from
   * the shop, its cart lines dropped) so order history keeps a real product behind each line.
   */
  async deleteProduct(ctx: RequestContext, id: number): Promise<{ deletedId: number; archived: boolean }> {
    const outcome = await ctx.em.transactional(async (em) => {
      const product = await lockProduct(em, id);
      // Orders lock the product row before adding lines, so none can appear between this check and the delete.
      if ((await em.count(OrderItem, { product: id })) > 0) {
        product.archivedAt = new Date();
        await em.nativeDelete(CartItem, { product: id });
        await em.flush();
        await announceCatalogueChange(em, { productIds: [id], listsChanged: true });
        return { archived: true, images: [] };
      }
      const images = await em.find(ProductImage, { product: id });
      // The database cascades to images, category links and cart lines.
      await em.nativeDelete(Product, { id });
      await announceCatalogueChange(em, { productIds: [id], listsChanged: true });
      return { archived: false, images: images.map(({ fileName, widths }) => ({ fileName, widths })) };
    });
    await removeUnreferencedFiles(ctx, outcome.images);
    return { deletedId: id, archived: outcome.archived };
  },
};

/** What decides where a product appears in lists (membership, sorts, filters), compared before and after an edit. */
function listedFields(product: Product, categoryIds: readonly number[]): string {
  const { name, priceCents, salePriceCents, onSale, archivedAt } = product;
  return JSON.stringify([name, priceCents, salePriceCents, onSale, archivedAt, [...categoryIds].sort((a, b) => a - b)]);
}

/** A quantity edit as a change: whether stock moved, and whether the product went in or out of stock. */
function stockChange(id: number, previousQuantity: number, quantity: number) {
  return {
    stockChangedIds: previousQuantity === quantity ? [] : [id],
    inStockFlippedIds: previousQuantity > 0 === quantity > 0 ? [] : [id],
  };
}
