import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { AppError, FieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { CartItem } from '../cart/cart-item.entity';
import { noteLowStock } from '../notifications/admin-notifications';
import { OrderItem } from '../orders/order-item.entity';
import { Category } from './category.entity';
import { catalogService } from './catalog.service';
import { toCategoryView, type CategoryView, type ProductView } from './catalog.views';
import { ProductImage } from './product-image.entity';
import { Product } from './product.entity';
import {
  discardImages,
  imageMessages,
  maxProductImages,
  readImages,
  removeImageFiles,
  storeImages,
  type CheckedImage,
  type ImageSource,
  type StoredProductImage,
} from './product-upload';

/** What an admin's product form sends, as GraphQL or the REST adapter hands it over (money in cents). */
export interface ProductDraft {
  name?: unknown;
  description?: unknown;
  categoryIds?: unknown;
  priceCents?: unknown;
  quantity?: unknown;
  onSale?: unknown;
  salePriceCents?: unknown;
}

export interface ProductValues {
  name: string;
  description: string;
  categoryIds: number[];
  priceCents: number;
  quantity: number;
  onSale: boolean;
  salePriceCents: number | null;
}

/** Which existing images an edit keeps: remove these (ids or file names), or keep only these file names. */
export interface ImageChanges {
  remove?: (number | string)[];
  keepOnly?: string[];
}

export const productLimits = { name: 200, description: 5000, quantity: 1_000_000, priceCents: 2_000_000_000 };
export const categoryNameLimit = 60;

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const isQuantity = (value: unknown): value is number =>
  isWholeNumber(value) && value >= 0 && value <= productLimits.quantity;

const invalidQuantity = () => FieldError.of('quantity', 'INVALID_QUANTITY', 'Valid quantity is required');

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The spec's product form rules (§5) with its messages, in its order; the server holds them whatever the client did. */
export function validateProductDraft(draft: ProductDraft): { value: ProductValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = text(draft.name);
  const description = text(draft.description);
  const categoryIds = Array.isArray(draft.categoryIds) ? [...new Set(draft.categoryIds)] : [];
  const { priceCents, quantity } = draft;
  const onSale = draft.onSale === true;

  if (!name) errors.push(FieldError.of('name', 'REQUIRED', 'Product name is required'));
  else if (name.length > productLimits.name)
    errors.push(FieldError.of('name', 'TOO_LONG', `Please keep the name under ${productLimits.name} characters.`));
  if (categoryIds.length === 0 || !categoryIds.every((id) => isWholeNumber(id) && id > 0))
    errors.push(FieldError.of('category', 'REQUIRED', 'Category is required'));
  const priceValid = isWholeNumber(priceCents) && priceCents > 0 && priceCents <= productLimits.priceCents;
  if (!priceValid) errors.push(FieldError.of('price', 'INVALID_PRICE', 'Valid price is required'));
  if (!isQuantity(quantity)) errors.push(invalidQuantity());
  if (!description) errors.push(FieldError.of('description', 'REQUIRED', 'Description is required'));
  else if (description.length > productLimits.description)
    errors.push(
      FieldError.of(
        'description',
        'TOO_LONG',
        `Please keep the description under ${productLimits.description} characters.`,
      ),
    );
  let salePriceCents: number | null = null;
  if (onSale) {
    const sale = draft.salePriceCents;
    if (!isWholeNumber(sale) || sale <= 0) {
      errors.push(
        FieldError.of('salePrice', 'INVALID_SALE_PRICE', 'Valid sale price is required when product is on sale'),
      );
    } else if (priceValid && sale >= (priceCents as number)) {
      errors.push(FieldError.of('salePrice', 'SALE_PRICE_TOO_HIGH', 'Sale price must be less than regular price'));
    } else {
      salePriceCents = sale;
    }
  }
  return {
    value: {
      name,
      description,
      categoryIds: categoryIds as number[],
      priceCents: priceCents as number,
      quantity: quantity as number,
      onSale,
      salePriceCents,
    },
    errors,
  };
}

/** The product's own columns from a checked form (its categories are a collection, set apart). */
function productColumns({ name, description, priceCents, salePriceCents, onSale, quantity }: ProductValues) {
  return { name, description, priceCents, salePriceCents, onSale, quantity };
}

function validateQuantity(quantity: unknown): number {
  if (!isQuantity(quantity)) throw AppError.badInput([invalidQuantity()]);
  return quantity;
}

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
 * Deletes image files no product refers to any more: a file name could in principle be shared (the seeded
 * samples), and a file still shown must not disappear.
 */
async function removeUnreferencedFiles(ctx: RequestContext, images: { fileName: string; widths: number[] }[]) {
  if (images.length === 0) return;
  const stillUsed = new Set(
    (
      await ctx.em.find(
        ProductImage,
        { fileName: { $in: images.map((image) => image.fileName) } },
        { fields: ['fileName'] },
      )
    ).map((image) => image.fileName),
  );
  try {
    await removeImageFiles(
      ctx.storage,
      images.filter((image) => !stillUsed.has(image.fileName)),
    );
  } catch (error) {
    // The change is committed; a file left behind is only disk space.
    ctx.log.warn({ err: error }, 'could not remove product image files');
  }
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

/** Stores the checked images, runs the transaction, and removes the files again if it fails. */
async function withStoredImages<T>(
  ctx: RequestContext,
  images: CheckedImage[],
  work: (stored: StoredProductImage[]) => Promise<T>,
): Promise<T> {
  const stored = await storeImages(ctx.storage, images);
  try {
    return await work(stored);
  } catch (error) {
    await removeImageFiles(ctx.storage, stored);
    throw error;
  }
}

function addImages(em: EntityManager, product: Product, stored: StoredProductImage[], firstPosition: number) {
  stored.forEach(({ fileName, width, height, widths }, index) =>
    em.create(ProductImage, { product, fileName, width, height, widths, position: firstPosition + index }),
  );
}

/** Category text as the spec's REST form sends it ('FOR MEN FOR WOMEN'), matched against existing names. */
export function matchCategoryText(text: string, categories: { id: number; name: string }[]): number[] | null {
  const byLength = [...categories].sort((left, right) => right.name.length - left.name.length);
  let rest = text.toUpperCase().replace(/[,;|]/g, ' ').replace(/\s+/g, ' ').trim();
  const ids: number[] = [];
  while (rest) {
    const match = byLength.find((category) => rest === category.name || rest.startsWith(`${category.name} `));
    if (!match) return null;
    ids.push(match.id);
    rest = rest.slice(match.name.length).trim();
  }
  return ids;
}

function slugFor(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const categoryExists = () => AppError.field('name', 'CATEGORY_EXISTS', 'Category already exists');

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

  /** Spec §5: required after trimming, stored upper-case, duplicates (any case, or the same slug) refused. */
  async createCategory(ctx: RequestContext, rawName: unknown): Promise<CategoryView> {
    const name = text(rawName).replace(/\s+/g, ' ').toUpperCase();
    if (!name) throw AppError.field('name', 'REQUIRED', 'Category name is required');
    if (name.length > categoryNameLimit)
      throw AppError.field('name', 'TOO_LONG', `Please keep the category name under ${categoryNameLimit} characters.`);
    const slug = slugFor(name);
    if (!slug) throw AppError.field('name', 'INVALID_NAME', 'A category name needs at least one letter or digit.');
    const [duplicate] = await ctx.em
      .getConnection()
      .execute<{ id: number }[]>(
        'select id from categories where upper(name) = ? or slug = ? or ? = any(aliases) limit 1',
        [name, slug, slug],
      );
    if (duplicate) throw categoryExists();
    let category: Category;
    try {
      category = await ctx.em.transactional(async (em) => {
        const created = em.create(Category, { name, slug });
        await em.flush();
        await announceCatalogueChange(em, { categoryIds: [created.id] });
        return created;
      });
    } catch (error) {
      // Two admins adding the same name at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw categoryExists();
      throw error;
    }
    return toCategoryView(
      {
        id: category.id,
        name: category.name,
        slug: category.slug,
        description: category.description,
        image_file_name: category.imageFileName,
      },
      (key) => ctx.storage.publicUrl(key),
    );
  },

  /** By id, or by name or slug (the REST path names it); refused while products in the shop use it. */
  async deleteCategory(ctx: RequestContext, idOrName: number | string): Promise<{ deletedId: number }> {
    const deletedId = await ctx.em.transactional(async (em) => {
      const wanted = String(idOrName).trim();
      const category = /^\d{1,9}$/.test(wanted)
        ? await em.findOne(Category, { id: Number(wanted) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : await em.findOne(
            Category,
            { $or: [{ name: wanted.replace(/\s+/g, ' ').toUpperCase() }, { slug: wanted.toLowerCase() }] },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          );
      if (!category) throw AppError.notFound('Category not found');
      const count = await em.count(Product, { categories: category.id, archivedAt: null });
      if (count > 0)
        throw AppError.field(
          'category',
          'CATEGORY_IN_USE',
          `Category is used by ${count} ${count === 1 ? 'product' : 'products'}`,
        );
      // Archived products lose the link with it (the database cascades); their order lines keep their names.
      await em.nativeDelete(Category, { id: category.id });
      await announceCatalogueChange(em, { categoryIds: [category.id] });
      return category.id;
    });
    return { deletedId };
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

function keptImages<T extends { id: number; fileName: string }>(images: T[], changes: ImageChanges): T[] {
  if (changes.keepOnly) {
    const keep = new Set(changes.keepOnly);
    return images.filter((image) => keep.has(image.fileName));
  }
  const remove = new Set((changes.remove ?? []).map(String));
  return images.filter((image) => !remove.has(String(image.id)) && !remove.has(image.fileName));
}
