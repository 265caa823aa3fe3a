import { Check, Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Review')
@Entity({ tableName: 'reviews' })
@Index({ properties: ['createdAt'] })
@Check({ name: 'reviews_rating_range', expression: 'rating >= 1 and rating <= 5' })
export class Review {
  [OptionalProps]?: 'image' | 'createdAt';

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
}
