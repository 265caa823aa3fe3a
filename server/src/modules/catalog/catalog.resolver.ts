import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../http/request-context';
import { maxPageSize, pageOf } from '../../shared/pagination';
import { CategoryMatch, ProductFilter, ProductSort } from './catalog.inputs';
import { catalogService } from './catalog.service';
import { categoryText } from './catalog.loaders';
import { Category } from './category.entity';
import { Product } from './product.entity';
import { ProductImage } from './product-image.entity';

const listComplexity = ({ args, childComplexity }: { args: { limit?: number }; childComplexity: number }) =>
  (args.limit ?? maxPageSize) * Math.max(childComplexity, 1);

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => [Product], { complexity: listComplexity })
  async products(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
    @Arg('sort', () => ProductSort, { nullable: true, defaultValue: ProductSort.BEST_SELLING }) sort?: ProductSort,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<Product[]> {
    return catalogService.listProducts(ctx, { filter, sort, page: pageOf(limit, offset) });
  }

  @Query(() => [Product], {
    complexity: listComplexity,
    description: 'Newest products first; 6 unless a limit is given.',
  })
  async newArrivals(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<Product[]> {
    return catalogService.listNewArrivals(ctx, pageOf(limit, 0, 6));
  }

  @Query(() => Int)
  async productsCount(
    @Ctx() ctx: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
  ): Promise<number> {
    return catalogService.countProducts(ctx, filter);
  }

  @Query(() => Product, { nullable: true })
  async product(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<Product | null> {
    return catalogService.findProduct(ctx, id);
  }

  @FieldResolver(() => [ProductImage])
  async images(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<ProductImage[]> {
    return ctx.loaders.catalog.productImages.load(product);
  }

  @FieldResolver(() => [Category])
  async categories(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<Category[]> {
    return ctx.loaders.catalog.productCategories.load(product);
  }

  @FieldResolver(() => String, { description: "The spec's category text, e.g. 'FOR MEN FOR WOMEN'." })
  async category(@Root() product: Product, @Ctx() ctx: RequestContext): Promise<string> {
    return categoryText(await ctx.loaders.catalog.productCategories.load(product));
  }
}

@Resolver(() => Category)
export class CategoryResolver {
  @Query(() => [Category])
  async categories(@Ctx() ctx: RequestContext): Promise<Category[]> {
    return catalogService.listCategories(ctx);
  }

  @Query(() => CategoryMatch, { description: 'The category a slug or alias names, with the page title.' })
  async category(@Ctx() ctx: RequestContext, @Arg('slug', () => String) slug: string): Promise<CategoryMatch> {
    return catalogService.categoryMatch(ctx, slug);
  }
}
