import {
  Check,
  Collection,
  Entity,
  Enum,
  Index,
  ManyToMany,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { Category } from './category.entity';
import { unitPriceCents } from '../orders/order-money';
import { ProductVariant } from './product-variant.entity';

/** A perfume's scent family; `amber` is Oriental/Amber. */
export enum ScentFamily {
  FLORAL = 'floral',
  WOODY = 'woody',
  AMBER = 'amber',
  FRESH = 'fresh',
  CITRUS = 'citrus',
  GOURMAND = 'gourmand',
  AROMATIC = 'aromatic',
  FRUITY = 'fruity',
  CHYPRE = 'chypre',
  LEATHER = 'leather',
  AQUATIC = 'aquatic',
}

export enum ForWhom {
  WOMEN = 'women',
  MEN = 'men',
  UNISEX = 'unisex',
}

@Entity({ tableName: 'products' })
@Check({ name: 'products_quantity_not_negative', expression: 'quantity >= 0' })
@Check({ name: 'products_price_positive', expression: 'price_cents > 0' })
export class Product {
  [OptionalProps]?:
    | 'salePriceCents'
    | 'onSale'
    | 'quantity'
    | 'createdAt'
    | 'updatedAt'
    | 'archivedAt'
    | 'inStock'
    | 'effectivePriceCents'
    | 'storedEffectivePriceCents'
    | 'scentFamily'
    | 'forWhom'
    | 'notesTop'
    | 'notesHeart'
    | 'notesBase'
    | 'handle';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /**
   * The key a product CSV groups sizes by and a re-import finds the product by (migration 0025, decision 0086):
   * lower-case words joined by hyphens, unique. Left unset, the database makes one from the name and id (so
   * mapped as nullable: the column is not null, filled by a trigger before the insert).
   */
  @Property({ type: 'text', nullable: true, unique: 'products_handle_unique' })
  handle?: string;

  @Property({ type: 'text' })
  description!: string;

  /** Regular price in cents of KES. */
  @Property({ type: 'integer' })
  priceCents!: number;

  /** The default size's (decision 0083), like salePriceCents, onSale and quantity: writing them writes that size. */
  @Property({ type: 'integer', nullable: true })
  salePriceCents: number | null = null;

  @Property({ type: 'boolean', default: false })
  onSale: boolean = false;

  @Property({ type: 'integer', default: 0 })
  quantity: number = 0;

  @ManyToMany({ entity: () => Category, pivotTable: 'product_categories', owner: true })
  categories = new Collection<Category>(this);

  @OneToMany({ entity: () => ProductImage, mappedBy: 'product', orderBy: { position: 'asc' } })
  images = new Collection<ProductImage>(this);

  @OneToMany({ entity: () => ProductVariant, mappedBy: 'product', orderBy: { position: 'asc', id: 'asc' } })
  variants = new Collection<ProductVariant>(this);

  @Enum({ items: () => ScentFamily, type: 'text', nullable: true })
  scentFamily: ScentFamily | null = null;

  @Enum({ items: () => ForWhom, type: 'text', nullable: true })
  forWhom: ForWhom | null = null;

  /** Notes in lower case (fragrance-facts.ts normalises them), so a facet and a search match them alike. */
  @Property({ type: 'text[]', default: '{}' })
  notesTop: string[] = [];

  @Property({ type: 'text[]', default: '{}' })
  notesHeart: string[] = [];

  @Property({ type: 'text[]', default: '{}' })
  notesBase: string[] = [];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /**
   * Set when an admin deletes a product that orders refer to: hidden from the shop (every shopper's read and
   * index of migration 0011 leaves it out), kept so order history still points at a real row.
   */
  @Property({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null = null;

  /**
   * effectivePriceCents as PostgreSQL keeps it (a stored generated column, migration 0011), so a price sort
   * walks an index. Never written; read it through the getter below.
   */
  @Property({
    type: 'integer',
    fieldName: 'effective_price_cents',
    generated: '(case when on_sale and sale_price_cents > 0 then sale_price_cents else price_cents end) stored',
    nullable: true,
    lazy: true,
  })
  storedEffectivePriceCents?: number;

  /** Derived from quantity, never stored apart from it. */
  get inStock(): boolean {
    return this.quantity > 0;
  }

  /** What a shopper pays: the sale price when the product is on sale and has one. */
  get effectivePriceCents(): number {
    return effectivePriceCents(this);
  }
}

/** What a shopper pays for one: the rule lives in order-money.ts (decision 0076). */
export function effectivePriceCents(product: Pick<Product, 'priceCents' | 'salePriceCents' | 'onSale'>): number {
  return unitPriceCents(product);
}

@Entity({ tableName: 'product_images' })
@Index({ name: 'product_images_product_id_index', properties: ['product', 'position'] })
export class ProductImage {
  [OptionalProps]?: 'position' | 'width' | 'height' | 'widths' | 'variant';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Product', deleteRule: 'cascade' })
  product!: Product;

  /** A generated name under the uploads folder, never the uploader's. */
  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  /** The size this image shows, when it shows one size rather than the product. */
  @ManyToOne({
    entity: () => ProductVariant,
    nullable: true,
    deleteRule: 'set null',
    index: 'product_images_variant_id_index',
  })
  variant: ProductVariant | null = null;

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
