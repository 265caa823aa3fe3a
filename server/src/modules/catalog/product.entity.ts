import { Check, Collection, Entity, ManyToMany, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { Category } from './category.entity';
import { ProductImage } from './product-image.entity';

@ObjectType('Product')
@Entity({ tableName: 'products' })
@Check({ name: 'products_quantity_not_negative', expression: 'quantity >= 0' })
@Check({ name: 'products_price_positive', expression: 'price_cents > 0' })
export class Product {
  [OptionalProps]?:
    'salePriceCents' | 'onSale' | 'quantity' | 'createdAt' | 'updatedAt' | 'inStock' | 'effectivePriceCents';

  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  description!: string;

  /** Regular price in cents of KES. */
  @Field(() => Int, { description: 'Regular price in cents of KES (minor units).' })
  @Property({ type: 'integer' })
  priceCents!: number;

  @Field(() => Int, { nullable: true, description: 'Sale price in cents of KES, when on sale.' })
  @Property({ type: 'integer', nullable: true })
  salePriceCents: number | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  onSale: boolean = false;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  quantity: number = 0;

  @ManyToMany({ entity: () => Category, pivotTable: 'product_categories', owner: true })
  categories = new Collection<Category>(this);

  @OneToMany({ entity: () => ProductImage, mappedBy: 'product', orderBy: { position: 'asc' } })
  images = new Collection<ProductImage>(this);

  @Field(() => Date)
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** Derived from quantity, never stored apart from it. */
  @Field(() => Boolean)
  get inStock(): boolean {
    return this.quantity > 0;
  }

  /** What a shopper pays: the sale price when the product is on sale and has one. */
  @Field(() => Int, { description: 'The price a shopper pays, in cents of KES.' })
  get effectivePriceCents(): number {
    return effectivePriceCents(this);
  }
}

export function effectivePriceCents(product: Pick<Product, 'priceCents' | 'salePriceCents' | 'onSale'>): number {
  return product.onSale && product.salePriceCents !== null && product.salePriceCents > 0
    ? product.salePriceCents
    : product.priceCents;
}
