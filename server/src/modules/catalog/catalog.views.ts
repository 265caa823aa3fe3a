import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { effectivePriceCents, imageSrcSet, type ImageUrlOf } from './product.entity';
import { shipsFree } from '../orders/order-money';
import { masterWidth, variantWidths } from './image-variants';

/**
 * The catalogue as shoppers read it: plain objects built from one SQL statement per list (images
 * and categories aggregated as JSON), no entity hydration. Entities stay for writes. Their fields are
 * plain data: simpleResolvers skips type-graphql's per-field middleware wrapper.
 */
@ObjectType('Category', { simpleResolvers: true })
export class CategoryView {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  slug!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'For <img srcset>: the card image and its smaller variants.' })
  imageSrcSet!: string | null;

  @Field(() => String)
  path!: string;
}

@ObjectType('ProductImage', { simpleResolvers: true })
export class ProductImageView {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { description: 'A generated name under the uploads folder.' })
  fileName!: string;

  @Field(() => String)
  url!: string;

  @Field(() => Int, { description: 'Width of the stored master image.' })
  width!: number;

  @Field(() => Int)
  height!: number;

  @Field(() => String, { description: 'For <img srcset>: every stored variant with its width.' })
  srcSet!: string;
}

@ObjectType('Product', { simpleResolvers: true })
export class ProductView {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Int, { description: 'Regular price in cents of KES (minor units).' })
  priceCents!: number;

  @Field(() => Int, { nullable: true, description: 'Sale price in cents of KES, when on sale.' })
  salePriceCents!: number | null;

  @Field(() => Boolean)
  onSale!: boolean;

  @Field(() => Int, { description: 'The price a shopper pays, in cents of KES.' })
  effectivePriceCents!: number;

  @Field(() => Boolean, { description: 'Whether one of it alone is delivered free (its price reaches the threshold).' })
  shipsFree!: boolean;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Boolean, { description: 'Derived from quantity.' })
  inStock!: boolean;

  @Field(() => [ProductImageView])
  images!: ProductImageView[];

  @Field(() => [CategoryView])
  categories!: CategoryView[];

  @Field(() => String, { description: "The spec's category text, e.g. 'FOR MEN FOR WOMEN'." })
  category!: string;

  @Field(() => Date)
  createdAt!: Date;

  updatedAt!: Date;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  image_file_name: string | null;
}

export interface ProductRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  sale_price_cents: number | null;
  on_sale: boolean;
  quantity: number;
  created_at: Date | string;
  updated_at: Date | string;
  images: { id: number; fileName: string; width: number; height: number; widths: number[] }[];
  categories: CategoryRow[];
}

/** Where an image's key is served from: the shop's /uploads or the bucket's public URL. */
export const imageUrlOf = (ctx: RequestContext) => (key: string) => ctx.storage.publicUrl(key);

/** `urlOf`: the storage's public URL for a key (ctx.storage.publicUrl), so images may live in a bucket. */
export function toCategoryView(row: CategoryRow, urlOf: ImageUrlOf): CategoryView {
  return Object.assign(new CategoryView(), {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.image_file_name ? urlOf(row.image_file_name) : null,
    // Category images are always stored through writeImageVariants: a 1280 px master with 640/320 px variants.
    imageSrcSet: row.image_file_name ? imageSrcSet(row.image_file_name, masterWidth, [...variantWidths], urlOf) : null,
    path: `/category/${row.slug}`,
  });
}

export function toProductView(row: ProductRow, urlOf: ImageUrlOf): ProductView {
  const categories = row.categories.map((category) => toCategoryView(category, urlOf));
  const prices = { priceCents: row.price_cents, salePriceCents: row.sale_price_cents, onSale: row.on_sale };
  return Object.assign(new ProductView(), {
    id: row.id,
    name: row.name,
    description: row.description,
    ...prices,
    effectivePriceCents: effectivePriceCents(prices),
    shipsFree: shipsFree(effectivePriceCents(prices)),
    quantity: row.quantity,
    inStock: row.quantity > 0,
    images: row.images.map((image) =>
      Object.assign(new ProductImageView(), {
        id: image.id,
        fileName: image.fileName,
        url: urlOf(image.fileName),
        width: image.width,
        height: image.height,
        srcSet: imageSrcSet(image.fileName, image.width, image.widths, urlOf),
      }),
    ),
    categories,
    category: categories.map((category) => category.name).join(' '),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}
