import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../core/request-context';
import { ProductImage, type Product } from './product.entity';
import { removeImageFiles, storeImages, type CheckedImage, type StoredProductImage } from './product-upload';

/* A product's image files in storage, kept in step with its rows: stored before, removed when unused. */

/** Which existing images an edit keeps: remove these (ids or file names), or keep only these file names. */
export interface ImageChanges {
  remove?: (number | string)[];
  keepOnly?: string[];
}

/**
 * Deletes image files no product refers to any more: a file name could in principle be shared (the seeded
 * samples), and a file still shown must not disappear.
 */
export async function removeUnreferencedFiles(ctx: RequestContext, images: { fileName: string; widths: number[] }[]) {
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

/** Stores the checked images, runs the transaction, and removes the files again if it fails. */
export async function withStoredImages<T>(
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

export function addImages(em: EntityManager, product: Product, stored: StoredProductImage[], firstPosition: number) {
  stored.forEach(({ fileName, width, height, widths }, index) =>
    em.create(ProductImage, { product, fileName, width, height, widths, position: firstPosition + index }),
  );
}

export function keptImages<T extends { id: number; fileName: string }>(images: T[], changes: ImageChanges): T[] {
  if (changes.keepOnly) {
    const keep = new Set(changes.keepOnly);
    return images.filter((image) => keep.has(image.fileName));
  }
  const remove = new Set((changes.remove ?? []).map(String));
  return images.filter((image) => !remove.has(String(image.id)) && !remove.has(image.fileName));
}
