import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Product } from '../catalog/product.entity';
import type { Order } from './order.entity';

/** One line, with the name and price as they were when ordered. */
@Entity({ tableName: 'order_items' })
@Index({ properties: ['order'] })
@Index({ properties: ['product'] })
export class OrderItem {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Order', deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'text' })
  productName!: string;

  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Property({ type: 'integer' })
  quantity!: number;
}
