import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Product } from '../catalog/product.entity';
import { ProductVariant } from '../catalog/product-variant.entity';
import { User } from '../accounts/user.entity';

/** One size of a product in a signed-in shopper's cart. Prices are never stored here: the size's current price counts. */
@Entity({ tableName: 'cart_items' })
@Unique({ properties: ['user', 'variant'] })
@Index({ properties: ['product'] })
export class CartItem {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  /** Always one of `product`'s sizes (a foreign key on both columns). */
  @ManyToOne({ entity: () => ProductVariant, deleteRule: 'cascade', index: 'cart_items_variant_id_index' })
  variant!: ProductVariant;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
