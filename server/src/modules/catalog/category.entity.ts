import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'categories' })
export class Category {
  [OptionalProps]?: 'createdAt' | 'description' | 'imageFileName' | 'aliases';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Stored upper-case, as the spec shows categories. */
  @Property({ type: 'text', unique: true })
  name!: string;

  @Property({ type: 'text', unique: true })
  slug!: string;

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

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
