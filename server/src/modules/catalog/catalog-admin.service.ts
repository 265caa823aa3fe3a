import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { recordAudit } from '../audit/audit-log';
import { CartItem } from '../cart/cart-item.entity';
import { noteLowStock } from '../notifications/admin-notifications';
import { OrderItem } from '../orders/order.entity';
import { Category } from './category.entity';
import { catalogService } from './catalog.service';
import type { ProductView } from './catalog.views';
import { ProductImage, Product } from './product.entity';
import { discardImages, imageMessages, maxProductImages, readImages, type ImageSource } from './product-upload';
import { validateProductDraft, validateQuantity, type ProductDraft, type ProductValues } from './product-form-rules';
import type { ProductVariant } from './product-variant.entity';
import {
  availability,
  createSizes,
  factsOf,
  listedFields,
  liveSizes,
  replaceSizes,
  skuTakenError,
  stockLevel,
  takenSkuErrors,
  type ListedFacts,
} from './product-sizes';
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
async function checkForm(
  ctx: RequestContext,
  draft: ProductDraft,
  sources: ImageSource[],
  keptCount: number,
  productId: number | null,
) {
  const { value, errors } = validateProductDraft(draft);
  errors.push(...(await unknownCategoryErrors(ctx.em, value.categoryIds)));
  // Checked again under the lock; here so the admin hears of a SKU in use with the rest.
  if (value.sizes) errors.push(...(await takenSkuErrors(ctx.em, value.sizes, productId)));
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
    const { value, images } = await checkForm(ctx, draft, sources, 0, null);
    const id = await withStoredImages(ctx, images, (stored) =>
      writing(ctx, async (em) => {
        const { name, description, priceCents, salePriceCents, onSale, quantity, facts } = value;
        const product = em.create(Product, {
          name,
          description,
          // The default size's, as the database would mirror them.
          priceCents,
          salePriceCents,
          onSale,
          quantity,
          ...facts,
          categories: value.categoryIds,
        });
        const sizes = value.sizes ?? [{ ...sizeFacts(null), priceCents, salePriceCents, onSale, quantity }];
        if (value.sizes) {
          const taken = await takenSkuErrors(em, sizes, null);
          if (taken.length > 0) throw AppError.badInput(taken);
        }
        createSizes(em, product, sizes);
        addImages(em, product, stored, 0);
        noteLowStock(
          em,
          ctx.config.lowStockThreshold,
          sizes.map((size) => stockLevel(product.name, size)),
        );
        await em.flush();
        recordAudit(ctx, em, {
          action: 'createProduct',
          targetType: 'product',
          targetId: product.id,
          after: { name, description, categoryIds: value.categoryIds, facts, sizes, images: stored.length },
        });
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
    const { value, images } = await checkForm(ctx, draft, sources, kept.length, id);
    const removed = await withStoredImages(ctx, images, (stored) =>
      writing(ctx, async (em) => {
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
        await em.populate(product, ['categories']);
        const categoryIds = product.categories.getIdentifiers<number>();
        const sizes = await writeSizes(em, product, value);
        const before: ListedFacts = {
          name: product.name,
          archivedAt: product.archivedAt,
          categoryIds,
          facts: factsOf(product),
          sizes: sizes.before,
        };
        product.name = value.name;
        product.description = value.description;
        Object.assign(product, value.facts);
        product.categories.set(value.categoryIds.map((categoryId) => em.getReference(Category, categoryId)));
        noteLowStock(
          em,
          ctx.config.lowStockThreshold,
          sizes.levels.map(({ size, previousQuantity }) => stockLevel(product.name, size, previousQuantity)),
        );
        await em.flush();
        const after: ListedFacts = {
          ...before,
          name: value.name,
          categoryIds: value.categoryIds,
          facts: factsOf(product),
          sizes: sizes.after,
        };
        recordAudit(ctx, em, {
          action: 'updateProduct',
          targetType: 'product',
          targetId: id,
          before: { ...before, imagesRemoved: gone.map((image) => image.id) },
          after: { ...after, description: value.description, imagesAdded: stored.length },
        });
        await announceCatalogueChange(em, {
          productIds: [id],
          listsChanged: listedFields(before) !== listedFields(after),
          ...stockChange(id, before.sizes, after.sizes),
        });
        return gone.map(({ fileName, widths }) => ({ fileName, widths }));
      }),
    );
    await removeUnreferencedFiles(ctx, removed);
    return this.productView(ctx, id);
  },

  /** The inventory's inline edit of the spec: the default size's quantity, under the product's row lock. */
  async updateQuantity(ctx: RequestContext, id: number, rawQuantity: unknown): Promise<ProductView> {
    const quantity = validateQuantity(rawQuantity);
    await ctx.em.transactional(async (em) => {
      const product = await lockProduct(em, id);
      const [size] = await liveSizes(em, id);
      if (!size) throw productNotFound();
      await setSizeQuantity(ctx, em, product, size, quantity, 'updateProductQuantity');
    });
    return this.productView(ctx, id);
  },

  /** One size's quantity (the inventory's row per size), under its product's row lock, then the size's. */
  async updateVariantQuantity(ctx: RequestContext, variantId: number, rawQuantity: unknown): Promise<ProductView> {
    const quantity = validateQuantity(rawQuantity);
    const sizeNotFound = () => AppError.notFound('Size not found');
    if (!Number.isSafeInteger(variantId)) throw sizeNotFound();
    const productId = await ctx.em.transactional(async (em) => {
      const [owner] = await em
        .getConnection()
        .execute<{ product_id: number }[]>(
          'select product_id from product_variants where id = ? and archived_at is null',
          [variantId],
          'all',
          em.getTransactionContext(),
        );
      if (!owner) throw sizeNotFound();
      const product = await lockProduct(em, owner.product_id);
      const sizes = await liveSizes(em, product.id);
      const size = sizes.find((candidate) => candidate.id === variantId);
      // Archived while this waited for the lock.
      if (!size) throw sizeNotFound();
      await setSizeQuantity(ctx, em, product, size, quantity, 'updateVariantQuantity');
      return product.id;
    });
    return this.productView(ctx, productId);
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
        recordAudit(ctx, em, {
          action: 'deleteProduct',
          targetType: 'product',
          targetId: id,
          before: { name: product.name, archivedAt: null },
          after: { name: product.name, archivedAt: product.archivedAt },
        });
        await em.flush();
        await announceCatalogueChange(em, { productIds: [id], listsChanged: true });
        return { archived: true, images: [] };
      }
      const images = await em.find(ProductImage, { product: id });
      recordAudit(ctx, em, {
        action: 'deleteProduct',
        targetType: 'product',
        targetId: id,
        before: { name: product.name, description: product.description, facts: factsOf(product) },
        after: null,
      });
      // The entry first: the product's row goes by a native delete, the entry with the transaction's flush.
      await em.flush();
      // The database cascades to images, category links and cart lines.
      await em.nativeDelete(Product, { id });
      await announceCatalogueChange(em, { productIds: [id], listsChanged: true });
      return { archived: false, images: images.map(({ fileName, widths }) => ({ fileName, widths })) };
    });
    await removeUnreferencedFiles(ctx, outcome.images);
    return { deletedId: id, archived: outcome.archived };
  },
};

/** A size's "which size" facts, none for the one size of a product written without sizes. */
function sizeFacts(id: number | null) {
  return { id, sizeMl: null, concentration: null, isSample: false, sku: null };
}

/**
 * A write transaction whose SKU the database's unique index refused (another admin took it since the check):
 * answered as the form's error.
 */
async function writing<T>(ctx: RequestContext, work: (em: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await ctx.em.transactional(work);
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && error.message.includes('product_variants_sku_unique'))
      throw skuTakenError();
    throw error;
  }
}

/**
 * The sizes an edit leaves: the list given, or (a form without sizes: the spec's REST form) every size as it is
 * with the default one's price and quantity from the form.
 */
async function writeSizes(em: EntityManager, product: Product, value: ProductValues) {
  if (value.sizes) {
    const replaced = await replaceSizes(em, product, value.sizes);
    return { before: replaced.before.map(sizeValues), after: value.sizes, levels: replaced.levels };
  }
  const current = await liveSizes(em, product.id);
  const before = current.map(sizeValues);
  const [size] = current;
  if (!size) throw productNotFound();
  const previousQuantity = size.quantity;
  Object.assign(size, {
    priceCents: value.priceCents,
    salePriceCents: value.salePriceCents,
    onSale: value.onSale,
    quantity: value.quantity,
  });
  const after = current.map(sizeValues);
  return { before, after, levels: [{ size: after[0]!, previousQuantity }] };
}

function sizeValues(variant: ProductVariant) {
  const { id, sizeMl, concentration, isSample, sku, priceCents, salePriceCents, onSale, quantity } = variant;
  return { id, sizeMl, concentration, isSample, sku, priceCents, salePriceCents, onSale, quantity };
}

/** Sets one size's quantity (its product locked by the caller), notes a fall to low stock, announces the change. */
async function setSizeQuantity(
  ctx: RequestContext,
  em: EntityManager,
  product: Product,
  size: ProductVariant,
  quantity: number,
  action: 'updateProductQuantity' | 'updateVariantQuantity',
) {
  const sizes = await liveSizes(em, product.id);
  const before = sizes.map(sizeValues);
  const previousQuantity = size.quantity;
  size.quantity = quantity;
  recordAudit(ctx, em, {
    action,
    targetType: 'product_size',
    targetId: size.id,
    before: { product: product.name, productId: product.id, quantity: previousQuantity },
    after: { product: product.name, productId: product.id, quantity },
  });
  noteLowStock(em, ctx.config.lowStockThreshold, [stockLevel(product.name, size, previousQuantity)]);
  await em.flush();
  await announceCatalogueChange(em, stockChange(product.id, before, sizes.map(sizeValues)));
}

/** A stock edit as a change: whether stock moved, and whether a size went in or out of stock. */
function stockChange(id: number, before: ListedFacts['sizes'], after: ListedFacts['sizes']) {
  const quantities = (sizes: ListedFacts['sizes']) => JSON.stringify(sizes.map((size) => size.quantity));
  return {
    stockChangedIds: quantities(before) === quantities(after) ? [] : [id],
    inStockFlippedIds: availability(before) === availability(after) ? [] : [id],
  };
}
