import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Category')
@Entity({ tableName: 'categories' })
export class Category {
  [OptionalProps]?: 'createdAt' | 'description' | 'imageFileName' | 'aliases' | 'path' | 'imageUrl';

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

  @Field(() => String)
  @Property({ type: 'text', default: '' })
  description: string = '';

  /** An image under the uploads folder for the category card, when there is one. */
  @Property({ type: 'text', nullable: true })
  imageFileName: string | null = null;

  /**
   * Other slugs that lead here: the spec's header links say kids and room where its footer says
   * for-children and room-sprays; both must show the category.
   */
  @Property({ type: 'text[]', default: '{}' })
  aliases: string[] = [];

  @Field(() => String, { nullable: true })
  get imageUrl(): string | null {
    return this.imageFileName ? `/uploads/${this.imageFileName}` : null;
  }

  @Field(() => String)
  get path(): string {
    return `/category/${this.slug}`;
  }

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
