import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Product } from '../catalog/product.entity';
import { User } from '../accounts/user.entity';

/** One product in a signed-in shopper's cart. Prices are never stored here: the product's current price counts. */
@Entity({ tableName: 'cart_items' })
@Unique({ properties: ['user', 'product'] })
@Index({ properties: ['product'] })
export class CartItem {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @ManyToOne({ entity: () => Product, deleteRule: 'cascade' })
  product!: Product;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
