import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Product } from './product.entity';

@Entity({ tableName: 'product_images' })
@Index({ name: 'product_images_product_id_index', properties: ['product', 'position'] })
export class ProductImage {
  [OptionalProps]?: 'position' | 'width' | 'height' | 'widths';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Product', deleteRule: 'cascade' })
  product!: Product;

  /** A generated name under the uploads folder, never the uploader's. */
  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  /** Size of the stored master image (the largest variant). */
  @Property({ type: 'integer', default: 0 })
  width: number = 0;

  @Property({ type: 'integer', default: 0 })
  height: number = 0;

  /** Widths of the smaller WebP variants stored beside the master as <stem>-<width>.webp. */
  @Property({ type: 'json', default: '[]' })
  widths: number[] = [];
}

export function variantFileName(fileName: string, width: number): string {
  return fileName.replace(/\.webp$/, `-${width}.webp`);
}

/** Where a browser loads a stored file (FileStorage.publicUrl): through the shop, or the bucket's public URL. */
export type ImageUrlOf = (key: string) => string;

export function imageSrcSet(fileName: string, width: number, widths: number[], urlOf: ImageUrlOf): string {
  const variants = widths
    .filter((variant) => variant < width)
    .map((variant) => `${urlOf(variantFileName(fileName, variant))} ${variant}w`);
  return [...variants, `${urlOf(fileName)} ${width || 1280}w`].join(', ');
}
