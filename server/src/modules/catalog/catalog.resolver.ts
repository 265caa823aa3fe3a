import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { defaultPageSize, pageOf } from '../../shared/pagination';
import { CategoryMatch, ProductFacets, ProductFilter, ProductSort, SearchSuggestions } from './catalog.inputs';
import { catalogService } from './catalog.service';
import { CategoryView, ProductView } from './catalog.views';

/** Rows of the lists whose resolvers give fewer than a page unless asked. */
const newArrivalsShown = 6;
const relatedShown = 4;

/**
 * A list's cost: its selections times the rows asked for, or the rows its resolver gives when no limit is asked
 * (pageOf's default, which it must match: counting 100 for a default of 4 refused the product page).
 */
const listComplexity =
  (defaultRows: number) =>
  ({ args, childComplexity }: { args: { limit?: number }; childComplexity: number }) =>
    (args.limit ?? defaultRows) * Math.max(childComplexity, 1);

@Resolver(() => ProductView)
export class ProductResolver {
  @Query(() => [ProductView], { complexity: listComplexity(defaultPageSize) })
  async products(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
    @Arg('sort', () => ProductSort, {
      nullable: true,
      description: 'RELEVANCE when the filter has a query, else BEST_SELLING.',
    })
    sort?: ProductSort | null,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<ProductView[]> {
    return catalogService.listProducts(ctx, { filter, sort, page: pageOf(limit, offset) });
  }

  @Query(() => [ProductView], {
    complexity: listComplexity(newArrivalsShown),
    description: 'Newest products first; 6 unless a limit is given.',
  })
  async newArrivals(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<ProductView[]> {
    return catalogService.listNewArrivals(ctx, pageOf(limit, 0, newArrivalsShown));
  }

  @Query(() => Int, {
    description:
      'The products the filter matches. With a search (query or search) at most 300: a search reads at most 300 ' +
      'matching products, so 300 means "300 or more" and its pages end there.',
  })
  async productsCount(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
  ): Promise<number> {
    return catalogService.countProducts(ctx, filter);
  }

  @Query(() => ProductFacets, {
    description:
      "How many products each fragrance facet's values would show with the filter (decision 0084): scent " +
      'families, the commonest notes, concentrations, sizes, and the price range.',
  })
  async productFacets(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
  ): Promise<ProductFacets> {
    return catalogService.productFacets(ctx, filter);
  }

  @Query(() => [ProductView], {
    complexity: listComplexity(relatedShown),
    description: 'Other in-stock products in the same categories as this one, newest first; 4 unless a limit is given.',
  })
  async relatedProducts(
    @Ctx() ctx: RequestContext,
    @Arg('productId', () => Int) productId: number,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<ProductView[]> {
    return catalogService.listRelatedProducts(ctx, productId, pageOf(limit, 0, relatedShown).limit);
  }

  @Query(() => SearchSuggestions, {
    complexity: ({ args, childComplexity }: { args: { first?: number }; childComplexity: number }) =>
      2 * (args.first ?? 6) * Math.max(childComplexity, 1),
    description:
      'Products and categories like what a shopper is typing, typo-tolerant; empty under 2 characters. q: at most ' +
      '100 characters; first: 1–20 of each.',
  })
  async searchSuggestions(
    @Ctx() ctx: RequestContext,
    @Arg('q', () => String) q: string,
    @Arg('first', () => Int, { nullable: true, defaultValue: 6 }) first: number,
  ): Promise<SearchSuggestions> {
    return catalogService.searchSuggestions(ctx, q, first);
  }

  @Query(() => ProductView, { nullable: true })
  async product(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<ProductView | null> {
    return catalogService.findProduct(ctx, id);
  }
}

@Resolver(() => CategoryView)
export class CategoryResolver {
  @Query(() => [CategoryView])
  async categories(@Ctx() ctx: RequestContext): Promise<CategoryView[]> {
    return catalogService.listCategories(ctx);
  }

  @Query(() => CategoryMatch, { description: 'The category a slug or alias names, with the page title.' })
  async category(@Ctx() ctx: RequestContext, @Arg('slug', () => String) slug: string): Promise<CategoryMatch> {
    return catalogService.categoryMatch(ctx, slug);
  }
}
