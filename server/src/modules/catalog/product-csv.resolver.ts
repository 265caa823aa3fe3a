import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Authorized, Ctx, Field, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { AppError, FieldError } from '../../core/errors';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { Permission } from '../accounts/guards';
import { productCsvLimits } from './product-csv';
import { productCsvImportService, type ProductImportResult } from './product-csv-import.service';
import { graphQLImageSources } from './product-upload';

@ObjectType('ProductImportRowError', { description: 'Why one row of a product CSV was refused.' })
export class ProductImportRowErrorView {
  @Field(() => Int, { description: 'The row as a spreadsheet numbers it (the header is row 1).' })
  row!: number;

  @Field(() => String, { description: "The column's header name; empty for the row as a whole." })
  column!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType('ProductImportPayload')
export class ProductImportPayload extends MutationPayload {
  @Field(() => Boolean)
  dryRun!: boolean;

  @Field(() => Boolean, { description: 'True once the rows are written: a real run of a file without errors.' })
  imported!: boolean;

  @Field(() => Int, { description: 'Rows of sizes read (the header and blank lines left out).' })
  rowCount!: number;

  @Field(() => [ProductImportRowErrorView], { description: 'The first 500 row errors, by row.' })
  rowErrors!: ProductImportRowErrorView[];

  @Field(() => Int, { description: 'Row errors in all.' })
  rowErrorCount!: number;

  @Field(() => Int, { description: 'Products the file creates (dry run) or created.' })
  productsCreated!: number;

  @Field(() => Int)
  productsUpdated!: number;

  @Field(() => Int)
  sizesCreated!: number;

  @Field(() => Int)
  sizesUpdated!: number;
}

const empty: Omit<ProductImportResult, 'dryRun'> = {
  imported: false,
  rowCount: 0,
  rowErrors: [],
  rowErrorCount: 0,
  productsCreated: 0,
  productsUpdated: 0,
  sizesCreated: 0,
  sizesUpdated: 0,
};

@Resolver()
export class ProductCsvResolver {
  @Authorized(Permission.CATALOGUE)
  @Mutation(() => ProductImportPayload, {
    description:
      'Checks (dryRun) or imports a product CSV (decision 0086): one row per size, grouped by handle. A file with ' +
      'any row error writes nothing; the export is GET /api/admin/export/products.csv.',
  })
  async importProducts(
    @Ctx() ctx: RequestContext,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('dryRun', () => Boolean) dryRun: boolean,
  ): Promise<ProductImportPayload> {
    const [source] = graphQLImageSources([file]);
    const { value, errors } = await withExpectedFailures(async () => {
      const upload = await source!();
      const data = await upload.read(productCsvLimits.bytes);
      if (data === null) {
        const message = `The file is over ${productCsvLimits.bytes / 1024 / 1024} MB.`;
        throw AppError.badInput([FieldError.of('file', 'FILE_TOO_LARGE', message)]);
      }
      return productCsvImportService.importProducts(ctx, data, dryRun);
    });
    return { ...(value ?? { ...empty, dryRun }), errors };
  }
}
