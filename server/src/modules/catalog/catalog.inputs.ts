import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CategoryView, ProductView } from './catalog.views';
import './fragrance-facts';
import { ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';

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

  @Field(() => [ScentFamily], {
    nullable: true,
    description: 'Products of any of these scent families (decision 0084). None or empty means all.',
  })
  scentFamilies?: ScentFamily[] | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Products having every one of these notes, in any tier (top, heart or base), compared trimmed and lower ' +
      'case (decision 0084). At most 10, each at most 40 characters. None or empty means all.',
  })
  notes?: string[] | null;

  @Field(() => [Concentration], {
    nullable: true,
    description: 'Products selling a size of any of these concentrations. None or empty means all.',
  })
  concentrations?: Concentration[] | null;

  @Field(() => [Int], {
    nullable: true,
    description: 'Products selling any of these sizes (ml). At most 20. None or empty means all.',
  })
  sizesMl?: number[] | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Products selling a size whose price (its sale price when on sale) is at least this, in cents of KES. ' +
      'With maxPriceCents, one size must be within both.',
  })
  minPriceCents?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Products selling a size whose price (its sale price when on sale) is at most this, in cents.',
  })
  maxPriceCents?: number | null;
}

@ObjectType('NoteCount', { simpleResolvers: true })
export class NoteCount {
  @Field(() => String, { description: 'A note, lower case.' })
  note!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType('ScentFamilyCount', { simpleResolvers: true })
export class ScentFamilyCount {
  @Field(() => ScentFamily)
  scentFamily!: ScentFamily;

  @Field(() => Int)
  count!: number;
}

@ObjectType('ConcentrationCount', { simpleResolvers: true })
export class ConcentrationCount {
  @Field(() => Concentration)
  concentration!: Concentration;

  @Field(() => Int)
  count!: number;
}

@ObjectType('SizeFacetCount', { simpleResolvers: true })
export class SizeFacetCount {
  @Field(() => Int)
  sizeMl!: number;

  @Field(() => Int)
  count!: number;
}

@ObjectType('ProductFacets', {
  simpleResolvers: true,
  description:
    'How many products each facet value would show with the filter (decision 0084). Scent families, concentrations, ' +
    "sizes and the price range are 'any of' facets: each one's counts ignore that facet's own selection (the " +
    'others apply), so a shopper sees what ticking one more value adds. Notes are an "all of" facet: their counts ' +
    'apply the whole filter, the chosen notes included, so each is what ticking that note leaves. Zero counts are ' +
    'left out, except for chosen values.',
})
export class ProductFacets {
  @Field(() => [ScentFamilyCount], { description: 'Scent families, the commonest first.' })
  scentFamilies!: ScentFamilyCount[];

  @Field(() => [NoteCount], {
    complexity: () => 40,
    description: 'The 30 commonest notes and any chosen ones, the commonest first.',
  })
  notes!: NoteCount[];

  @Field(() => [ConcentrationCount], { description: 'Concentrations, the commonest first.' })
  concentrations!: ConcentrationCount[];

  @Field(() => [SizeFacetCount], { complexity: () => 30, description: 'The 30 commonest sizes, by size.' })
  sizes!: SizeFacetCount[];

  @Field(() => Int, {
    nullable: true,
    description: 'The lowest size price among the products the filter shows without its price range; null if none.',
  })
  minPriceCents!: number | null;

  @Field(() => Int, { nullable: true, description: 'The highest such price; null if none.' })
  maxPriceCents!: number | null;

  @Field(() => Int, { description: 'The products the whole filter shows, as productsCount counts them.' })
  total!: number;
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
