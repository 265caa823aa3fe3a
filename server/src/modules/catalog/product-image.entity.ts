import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import type { Product } from './product.entity';

@ObjectType('ProductImage')
@Entity({ tableName: 'product_images' })
export class ProductImage {
  [OptionalProps]?: 'position' | 'url';

  @Field(() => ID)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Product', deleteRule: 'cascade' })
  product!: Product;

  /** A generated name under the uploads folder, never the uploader's. */
  @Field(() => String)
  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Field(() => String)
  get url(): string {
    return `/uploads/${this.fileName}`;
  }
}
