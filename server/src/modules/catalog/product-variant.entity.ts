import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Product } from './product.entity';
import { unitPriceCents } from '../orders/order-money';

/** How strong a perfume is; `parfum` is Parfum/Extrait. */
export enum Concentration {
  EAU_DE_COLOGNE = 'eau_de_cologne',
  EAU_DE_TOILETTE = 'eau_de_toilette',
  EAU_DE_PARFUM = 'eau_de_parfum',
  PARFUM = 'parfum',
  BODY_MIST = 'body_mist',
  ROOM_SPRAY = 'room_spray',
}

/**
 * One size of a product (decision 0083): its own SKU, price, sale price and stock. The product's price and
 * quantity columns are its default size's (the first listed that is not archived), kept so by migration 0024's
 * triggers. A size that orders refer to is archived, never deleted.
 */
@Entity({ tableName: 'product_variants' })
@Index({ name: 'product_variants_product_id_index', properties: ['product', 'position', 'id'] })
@Unique({ name: 'product_variants_id_product_id_unique', properties: ['id', 'product'] })
@Check({ name: 'product_variants_price_positive', expression: 'price_cents > 0' })
@Check({ name: 'product_variants_quantity_not_negative', expression: 'quantity >= 0' })
export class ProductVariant {
  [OptionalProps]?:
    | 'position'
    | 'sizeMl'
    | 'concentration'
    | 'isSample'
    | 'sku'
    | 'salePriceCents'
    | 'onSale'
    | 'quantity'
    | 'archivedAt'
    | 'createdAt'
    | 'updatedAt'
    | 'effectivePriceCents'
    | 'storedEffectivePriceCents';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Product', deleteRule: 'cascade' })
  product!: Product;

  /** Order on the product page; the lowest that is not archived is the default size. */
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'integer', nullable: true })
  sizeMl: number | null = null;

  @Enum({ items: () => Concentration, type: 'text', nullable: true })
  concentration: Concentration | null = null;

  /** A sample or decant (2–10 ml), sold to try a scent before a bottle. */
  @Property({ type: 'boolean', default: false })
  isSample: boolean = false;

  /** Unique without regard to case when given (index product_variants_sku_unique). */
  @Property({ type: 'text', nullable: true })
  sku: string | null = null;

  @Property({ type: 'integer' })
  priceCents!: number;

  @Property({ type: 'integer', nullable: true })
  salePriceCents: number | null = null;

  @Property({ type: 'boolean', default: false })
  onSale: boolean = false;

  @Property({ type: 'integer', default: 0 })
  quantity: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({
    type: 'integer',
    fieldName: 'effective_price_cents',
    generated: '(case when on_sale and sale_price_cents > 0 then sale_price_cents else price_cents end) stored',
    nullable: true,
    lazy: true,
  })
  storedEffectivePriceCents?: number;

  get effectivePriceCents(): number {
    return unitPriceCents(this);
  }
}
