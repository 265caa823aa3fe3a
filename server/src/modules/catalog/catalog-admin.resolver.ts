import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Authorized, Ctx, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { MutationPayload } from '../../core/payload';
import { Permission } from '../accounts/guards';
import { pageOf } from '../../shared/pagination';
import { withExpectedFailures } from '../../core/payload';
import { catalogAdminService } from './catalog-admin.service';
import { ForWhom, ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';
import './fragrance-facts';
import { categoryAdminService } from './category-admin.service';
import { CategoryView, ProductView } from './catalog.views';
import { inventoryService } from './inventory.service';
import { graphQLImageSources } from './product-upload';

@InputType('ProductSizeInput', { description: 'One size of a product as the admin form sends it (decision 0085).' })
export class ProductSizeInput {
  @Field(() => Int, { nullable: true, description: 'The size being edited; none for a new size.' })
  id?: number | null;

  @Field(() => Int, { nullable: true, description: 'Millilitres, 1 to 100,000; none when not stated.' })
  sizeMl?: number | null;

  @Field(() => Concentration, { nullable: true })
  concentration?: Concentration | null;

  @Field(() => Boolean, { nullable: true, description: 'A sample or decant.' })
  isSample?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Trimmed, at most 64 characters; unique in the shop without regard to case (SKU_TAKEN).',
  })
  sku?: string | null;

  @Field(() => Int, { description: "Regular price in cents of KES, more than 0; 'Valid price is required'." })
  priceCents!: number;

  @Field(() => Int, { nullable: true, description: 'When on sale: more than 0 and less than the price.' })
  salePriceCents?: number | null;

  @Field(() => Boolean)
  onSale!: boolean;

  @Field(() => Int, { description: "0 or more; 'Valid quantity is required'." })
  quantity!: number;
}

@InputType('ProductInput')
export class ProductInput {
  @Field(() => String, { description: "Trimmed; 'Product name is required'." })
  name!: string;

  @Field(() => String, { description: "Trimmed; 'Description is required'." })
  description!: string;

  @Field(() => [Int], { description: "At least one existing category; 'Category is required'." })
  categoryIds!: number[];

  @Field(() => Int, {
    nullable: true,
    description:
      "Without sizes: the default size's regular price in cents of KES, more than 0; 'Valid price is required'. " +
      'Not read with sizes.',
  })
  priceCents?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Without sizes: the default size's, 0 or more. Not read with sizes.",
  })
  quantity?: number | null;

  @Field(() => Boolean, { nullable: true, description: "Without sizes: the default size's. Not read with sizes." })
  onSale?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Without sizes: the default size's, in cents of KES; when on sale more than 0 and less than the price. " +
      'Stored null when not on sale.',
  })
  salePriceCents?: number | null;

  @Field(() => [ProductSizeInput], {
    nullable: true,
    description:
      'The sizes in display order, the first the default (1 to 20). A size of the product left out is archived ' +
      "when orders or carts refer to it, else deleted. None: the fields above are the default size's.",
  })
  sizes?: ProductSizeInput[] | null;

  @Field(() => ScentFamily, { nullable: true, description: 'Left out: kept; null: cleared.' })
  scentFamily?: ScentFamily | null;

  @Field(() => ForWhom, { nullable: true, description: 'Left out: kept; null: cleared.' })
  forWhom?: ForWhom | null;

  @Field(() => [String], {
    nullable: true,
    description: 'Trimmed, lower-cased, duplicates dropped; at most 20 of at most 40 characters. Left out: kept.',
  })
  notesTop?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'As notesTop.' })
  notesHeart?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'As notesTop.' })
  notesBase?: string[] | null;
}

@ObjectType('AdminProductList', { simpleResolvers: true })
export class AdminProductListView {
  @Field(() => [ProductView])
  products!: ProductView[];

  @Field(() => Int, { description: 'Products matching the search and filter, across all pages.' })
  totalCount!: number;
}

@ObjectType('ProductPayload')
export class ProductPayload extends MutationPayload {
  @Field(() => ProductView, { nullable: true })
  product!: ProductView | null;
}

@ObjectType('DeleteProductPayload')
export class DeleteProductPayload extends MutationPayload {
  @Field(() => Int, { nullable: true })
  deletedId!: number | null;

  @Field(() => Boolean, { description: 'True when orders refer to the product: hidden from the shop, kept for them.' })
  archived!: boolean;
}

@ObjectType('CategoryPayload')
export class CategoryPayload extends MutationPayload {
  @Field(() => CategoryView, { nullable: true })
  category!: CategoryView | null;
}

@ObjectType('DeleteCategoryPayload')
export class DeleteCategoryPayload extends MutationPayload {
  @Field(() => Int, { nullable: true })
  deletedId!: number | null;
}

/** Expected failures as data; an unknown id is one too. */
function asPayload<T>(work: () => Promise<T>) {
  return withExpectedFailures(work, { notFoundField: 'id' });
}

@Resolver()
export class CatalogAdminResolver {
  @Authorized(Permission.STOCK)
  @Query(() => AdminProductListView, {
    description:
      'A page of the products in the shop (not archived), newest first, or lowest quantity first with lowStock; ' +
      'search matches name, category or description (at most 100 characters).',
  })
  async adminProducts(
    @Ctx() ctx: RequestContext,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('lowStock', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: 'Only products at or below the low-stock threshold.',
    })
    lowStock?: boolean,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50, description: '1 to 100.' }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminProductListView> {
    return inventoryService.list(ctx, { search, lowStock: lowStock === true, page: pageOf(limit, offset, 50) });
  }

  @Authorized(Permission.CATALOGUE)
  @Mutation(() => ProductPayload, { description: 'A new product with 1–10 images (5 MB each, decoded on the server).' })
  async createProduct(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('images', () => [GraphQLUpload]) images: Promise<FileUpload>[],
  ): Promise<ProductPayload> {
    const sources = graphQLImageSources(images);
    const { value, errors } = await asPayload(() => catalogAdminService.createProduct(ctx, input, sources));
    return { product: value, errors };
  }

  @Authorized(Permission.CATALOGUE)
  @Mutation(() => ProductPayload, {
    description: 'Keeps the existing images in order minus removeImageIds and appends newImages; one must remain.',
  })
  async updateProduct(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('newImages', () => [GraphQLUpload], { nullable: true }) newImages?: Promise<FileUpload>[] | null,
    @Arg('removeImageIds', () => [Int], { nullable: true }) removeImageIds?: number[] | null,
  ): Promise<ProductPayload> {
    const sources = graphQLImageSources(newImages);
    const { value, errors } = await asPayload(() =>
      catalogAdminService.updateProduct(ctx, id, input, sources, { remove: removeImageIds ?? [] }),
    );
    return { product: value, errors };
  }

  @Authorized(Permission.STOCK)
  @Mutation(() => ProductPayload, { description: "The inventory's inline quantity edit: the default size's." })
  async updateProductQuantity(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => Int) id: number,
    @Arg('quantity', () => Int) quantity: number,
  ): Promise<ProductPayload> {
    const { value, errors } = await asPayload(() => catalogAdminService.updateQuantity(ctx, id, quantity));
    return { product: value, errors };
  }

  @Authorized(Permission.STOCK)
  @Mutation(() => ProductPayload, {
    description: "The inventory's inline quantity edit of one size; the product's quantity is its default size's.",
  })
  async updateVariantQuantity(
    @Ctx() ctx: RequestContext,
    @Arg('variantId', () => Int) variantId: number,
    @Arg('quantity', () => Int) quantity: number,
  ): Promise<ProductPayload> {
    const { value, errors } = await withExpectedFailures(
      () => catalogAdminService.updateVariantQuantity(ctx, variantId, quantity),
      { notFoundField: 'variantId' },
    );
    return { product: value, errors };
  }

  @Authorized(Permission.CATALOGUE)
  @Mutation(() => DeleteProductPayload, {
    description: 'Deletes a product and its image files, or archives it when orders refer to it.',
  })
  async deleteProduct(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<DeleteProductPayload> {
    const { value, errors } = await asPayload(() => catalogAdminService.deleteProduct(ctx, id));
    return { deletedId: value?.deletedId ?? null, archived: value?.archived ?? false, errors };
  }

  @Authorized(Permission.CATALOGUE)
  @Mutation(() => CategoryPayload, { description: 'Trimmed and stored upper-case; duplicates (any case) refused.' })
  async createCategory(@Ctx() ctx: RequestContext, @Arg('name', () => String) name: string): Promise<CategoryPayload> {
    const { value, errors } = await asPayload(() => categoryAdminService.createCategory(ctx, name));
    return { category: value, errors };
  }

  @Authorized(Permission.CATALOGUE)
  @Mutation(() => DeleteCategoryPayload, { description: 'Refused while products in the shop use the category.' })
  async deleteCategory(@Ctx() ctx: RequestContext, @Arg('id', () => Int) id: number): Promise<DeleteCategoryPayload> {
    const { value, errors } = await asPayload(() => categoryAdminService.deleteCategory(ctx, id));
    return { deletedId: value?.deletedId ?? null, errors };
  }
}
