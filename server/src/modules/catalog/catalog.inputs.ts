import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { CategoryView } from './catalog.views';

export enum ProductSort {
  BEST_SELLING = 'BEST_SELLING',
  PRICE_LOW_TO_HIGH = 'PRICE_LOW_TO_HIGH',
  PRICE_HIGH_TO_LOW = 'PRICE_HIGH_TO_LOW',
  ALPHABETICALLY = 'ALPHABETICALLY',
  NEWEST = 'NEWEST',
}
registerEnumType(ProductSort, {
  name: 'ProductSort',
  description: 'Price sorts use the sale price when there is one; BEST_SELLING is the default order.',
});

export enum Availability {
  IN_STOCK = 'IN_STOCK',
  OUT_OF_STOCK = 'OUT_OF_STOCK',
}
registerEnumType(Availability, { name: 'Availability' });

@InputType('ProductFilter')
export class ProductFilter {
  @Field(() => String, { nullable: true, description: 'A category slug or alias (kids, room); else the spec rule.' })
  categorySlug?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive "name contains".' })
  search?: string | null;

  @Field(() => [Availability], { nullable: true, description: 'None or empty means all.' })
  availability?: Availability[] | null;
}

@ObjectType('CategoryMatch')
export class CategoryMatch {
  @Field(() => String, { description: "The category's name, or the spec's rule applied to the slug." })
  title!: string;

  @Field(() => CategoryView, { nullable: true })
  category!: CategoryView | null;
}
