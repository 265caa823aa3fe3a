import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { CategoryView, ProductView } from './catalog.views';

export enum ProductSort {
  BEST_SELLING = 'BEST_SELLING',
  PRICE_LOW_TO_HIGH = 'PRICE_LOW_TO_HIGH',
  PRICE_HIGH_TO_LOW = 'PRICE_HIGH_TO_LOW',
  ALPHABETICALLY = 'ALPHABETICALLY',
  NEWEST = 'NEWEST',
  RELEVANCE = 'RELEVANCE',
}
registerEnumType(ProductSort, {
  name: 'ProductSort',
  description:
    "Price sorts use the sale price when there is one. RELEVANCE (closest names to the filter's query first) is the " +
    'default with a query, BEST_SELLING without one (where RELEVANCE means BEST_SELLING).',
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

  @Field(() => String, {
    nullable: true,
    description:
      'Case-insensitive "name contains", literal (% and _ are text). At most 100 characters; with no letter or ' +
      'digit it matches nothing. Reads at most 300 matching products, like a query.',
  })
  search?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'What a shopper searched for (the /search page): names containing it or, typo-tolerant, with words like it ' +
      '(trigram word similarity), compared as its words of letters and digits. At most 100 characters; under 2 ' +
      'after trimming means no search; with no letter or digit it matches nothing. A search reads at most 300 ' +
      'matching products: sorts, pages and the count work over those.',
  })
  query?: string | null;

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

@ObjectType('SearchSuggestions', { simpleResolvers: true })
export class SearchSuggestions {
  @Field(() => String, {
    description: 'The search as compared: trimmed, spaces collapsed, lower-case; empty for none.',
  })
  query!: string;

  @Field(() => [ProductView], { description: 'The closest names first, as /search ranks them.' })
  products!: ProductView[];

  @Field(() => [CategoryView], { description: 'Categories whose name or alias is like the search.' })
  categories!: CategoryView[];
}
