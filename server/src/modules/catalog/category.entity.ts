import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Category')
@Entity({ tableName: 'categories' })
export class Category {
  [OptionalProps]?: 'createdAt';

  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored upper-case, as the spec shows categories. */
  @Field(() => String)
  @Property({ type: 'text', unique: true })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text', unique: true })
  slug!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
