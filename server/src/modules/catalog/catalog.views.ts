import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { effectivePriceCents, imageSrcSet, type ImageUrlOf } from './product.entity';
import { shipsFree } from '../orders/order-money';
import { masterWidth, variantWidths } from './image-variants';
import { ForWhom, ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';
import { sizeLabel } from './size-label';
import './fragrance-facts';

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

@ObjectType('ProductVariant', { simpleResolvers: true, description: 'One size of a product (decision 0083).' })
export class ProductVariantView {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { nullable: true, description: 'Millilitres; null when the size is not stated.' })
  sizeMl!: number | null;

  @Field(() => Concentration, { nullable: true })
  concentration!: Concentration | null;

  @Field(() => Boolean, { description: 'A sample or decant, sold to try the scent.' })
  isSample!: boolean;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => String, { description: 'The size as screens name it, e.g. "5 ml decant · Eau de Parfum".' })
  label!: string;

  @Field(() => Int, { description: 'Regular price in cents of KES.' })
  priceCents!: number;

  @Field(() => Int, { nullable: true })
  salePriceCents!: number | null;

  @Field(() => Boolean)
  onSale!: boolean;

  @Field(() => Int, { description: 'The price a shopper pays for this size, in cents of KES.' })
  effectivePriceCents!: number;

  @Field(() => Boolean, {
    description: 'Whether one of this size alone is delivered free (its price reaches the threshold).',
  })
  shipsFree!: boolean;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Boolean)
  inStock!: boolean;

  @Field(() => [Int], { description: "Ids of the product's images that show this size, first shown first." })
  imageIds!: number[];
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

  @Field(() => Boolean, {
    description: 'Whether any size is in stock: a card whose default size is sold out offers the others.',
  })
  anySizeInStock!: boolean;

  @Field(() => [ProductImageView])
  images!: ProductImageView[];

  @Field(() => [ProductVariantView], {
    description: 'The sizes on sale, the default first; price, salePrice, onSale and quantity above are its.',
  })
  variants!: ProductVariantView[];

  @Field(() => Int, { description: 'The cheapest size\'s price a shopper pays: the card\'s "from Ksh …".' })
  fromPriceCents!: number;

  @Field(() => Boolean, { description: 'Whether the sizes differ in price (the card then says "from").' })
  pricesDiffer!: boolean;

  @Field(() => ScentFamily, { nullable: true })
  scentFamily!: ScentFamily | null;

  @Field(() => ForWhom, { nullable: true })
  forWhom!: ForWhom | null;

  @Field(() => [String], { description: 'Top notes, lower case.' })
  notesTop!: string[];

  @Field(() => [String])
  notesHeart!: string[];

  @Field(() => [String])
  notesBase!: string[];

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
  images: {
    id: number;
    fileName: string;
    width: number;
    height: number;
    widths: number[];
    variantId?: number | null;
  }[];
  categories: CategoryRow[];
  variants: VariantRow[];
  scent_family: ScentFamily | null;
  for_whom: ForWhom | null;
  notes_top: string[];
  notes_heart: string[];
  notes_base: string[];
}

/** A size as product-query-sql's `variants` aggregate gives it. */
export interface VariantRow {
  id: number;
  sizeMl: number | null;
  concentration: Concentration | null;
  isSample: boolean;
  sku: string | null;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
  quantity: number;
}

export function toVariantView(row: VariantRow, imageIds: number[]): ProductVariantView {
  const prices = { priceCents: row.priceCents, salePriceCents: row.salePriceCents, onSale: row.onSale };
  return Object.assign(new ProductVariantView(), {
    ...row,
    label: sizeLabel(row),
    effectivePriceCents: effectivePriceCents(prices),
    shipsFree: shipsFree(effectivePriceCents(prices)),
    inStock: row.quantity > 0,
    imageIds,
  });
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
  const variants = row.variants.map((variant) =>
    toVariantView(
      variant,
      row.images.filter((image) => image.variantId === variant.id).map((image) => image.id),
    ),
  );
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
    variants,
    fromPriceCents: Math.min(...variants.map((variant) => variant.effectivePriceCents), effectivePriceCents(prices)),
    pricesDiffer: new Set(variants.map((variant) => variant.effectivePriceCents)).size > 1,
    anySizeInStock: row.quantity > 0 || variants.some((variant) => variant.quantity > 0),
    scentFamily: row.scent_family,
    forWhom: row.for_whom,
    notesTop: row.notes_top,
    notesHeart: row.notes_heart,
    notesBase: row.notes_base,
    categories,
    category: categories.map((category) => category.name).join(' '),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  });
}
