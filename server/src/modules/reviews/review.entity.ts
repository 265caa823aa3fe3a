import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { User } from '../accounts/user.entity';
import { Product } from '../catalog/product.entity';

/**
 * A review of the shop (no product, the spec's reviews) or of one product (decision 0050). The partial indexes
 * the public lists walk (product's and shop's, hidden ones left out) are in migration 0013.
 */
@ObjectType('Review')
@Entity({ tableName: 'reviews' })
@Index({ properties: ['createdAt'] })
@Check({ name: 'reviews_rating_range', expression: 'rating >= 1 and rating <= 5' })
export class Review {
  [OptionalProps]?: 'image' | 'createdAt' | 'product' | 'user' | 'verified' | 'hidden';

  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Int)
  @Property({ type: 'smallint' })
  rating!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  fullReview!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  @Field(() => Date)
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** The product reviewed; null for a review of the shop. Removing a product for good removes its reviews. */
  @ManyToOne({ entity: () => Product, nullable: true, deleteRule: 'cascade', ref: true, index: false })
  product: Ref<Product> | null = null;

  /** The signed-in reviewer, never exposed; null for a guest (or an account since removed). */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null', ref: true, index: true })
  user: Ref<User> | null = null;

  @Field(() => Boolean, {
    description: 'Written while signed in by a shopper with a paid order of this product (of anything, for the shop).',
  })
  @Property({ type: 'boolean', default: false })
  verified: boolean = false;

  @Field(() => Boolean, { description: 'Hidden by an admin: never listed or counted publicly.' })
  @Property({ type: 'boolean', default: false })
  hidden: boolean = false;

  @Field(() => Int, { nullable: true, description: 'The product reviewed; null for a review of the shop.' })
  get productId(): number | null {
    return this.product?.id ?? null;
  }
}
