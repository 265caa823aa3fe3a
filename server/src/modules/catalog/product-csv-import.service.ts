import type { Readable } from 'node:stream';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { withTransactionLimits } from '../../shared/transaction-limits';
import type { FileStorage } from '../../storage/file-storage';
import { Permission, requirePermission } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { Category } from './category.entity';
import { variantWidths } from './image-variants';
import { Product, ProductImage, variantFileName } from './product.entity';
import { ProductVariant } from './product-variant.entity';
import {
  groupProductRows,
  parseProductCsv,
  productCsvLimits,
  type ProductCsvGroup,
  type ProductCsvRow,
  type ProductCsvRowError,
} from './product-csv';

/*
 * Product CSV import (decision 0086): a dry run checks every row against the file's rules and the catalogue and
 * writes nothing; a real run checks again under the products' row locks and writes the whole file in one
 * transaction, or nothing when any row is wrong. Products are found by handle, sizes by SKU (or, without one, by
 * size and concentration among the product's sizes without a SKU). An import never removes a product or a size.
 */

export interface ProductImportResult {
  dryRun: boolean;
  /** True once the file's rows are written (a real run without errors). */
  imported: boolean;
  rowCount: number;
  /** The first productCsvLimits.errorsShown row errors, by row. */
  rowErrors: ProductCsvRowError[];
  rowErrorCount: number;
  productsCreated: number;
  productsUpdated: number;
  sizesCreated: number;
  sizesUpdated: number;
}

/** An import writes up to 5,000 sizes with their triggers: more than a request's statement limit allows. */
const importLimits = { statementMs: 30_000 };

interface StoredImageFacts {
  width: number;
  height: number;
  widths: number[];
}

interface ExistingVariant {
  id: number;
  product_id: number;
  sku: string | null;
  size_ml: number | null;
  concentration: string | null;
  archived_at: Date | null;
}

/** What the file does to the catalogue, decided against it. */
interface ImportPlan {
  products: {
    group: ProductCsvGroup;
    productId: number | null;
    categoryIds: number[];
    /** Per size of the group, the size it updates (null: a new size). */
    variantIds: (number | null)[];
  }[];
  images: Map<string, StoredImageFacts>;
  errors: ProductCsvRowError[];
}

const byRow = (left: ProductCsvRowError, right: ProductCsvRowError) => left.row - right.row;

function categoryKeys(categories: Category[]): Map<string, number> {
  const keys = new Map<string, number>();
  for (const category of categories) {
    keys.set(category.name.toLowerCase(), category.id);
    keys.set(category.slug.toLowerCase(), category.id);
    for (const alias of category.aliases) keys.set(alias.toLowerCase(), category.id);
  }
  return keys;
}

async function readCapped(body: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A file in the uploads no product uses yet: its size from its header, and which of the shop's smaller variants
 * sit beside it (stored as <stem>-<width>.webp). Null when it is absent or not an image.
 */
async function inspectStoredImage(storage: FileStorage, fileName: string): Promise<StoredImageFacts | null> {
  const file = await storage.read(fileName);
  if (!file || file === 'not-modified') return null;
  const data = await readCapped(file.body, 20 * 1024 * 1024);
  if (!data) return null;
  try {
    const { width, height } = await sharp(data, { limitInputPixels: 50_000_000 }).metadata();
    if (!width || !height) return null;
    const widths: number[] = [];
    if (fileName.endsWith('.webp')) {
      for (const variant of variantWidths) {
        if (variant < width && (await storage.exists(variantFileName(fileName, variant)))) widths.push(variant);
      }
    }
    return { width, height, widths };
  } catch {
    return null;
  }
}

/* Lists go to SQL as one JSON parameter: an array parameter would be spread into one placeholder per item. */

/** Every image the file names: known from product_images when a product shows it already, else read from storage. */
async function resolveImages(em: EntityManager, storage: FileStorage, names: string[]) {
  const facts = new Map<string, StoredImageFacts>();
  if (names.length === 0) return facts;
  const known = await em.execute<{ file_name: string; width: number; height: number; widths: number[] }[]>(
    `select distinct on (file_name) file_name, width, height, widths from product_images
      where file_name in (select jsonb_array_elements_text(?::jsonb)) order by file_name, id`,
    [JSON.stringify(names)],
  );
  for (const row of known) facts.set(row.file_name, { width: row.width, height: row.height, widths: row.widths });
  const unknown = names.filter((name) => !facts.has(name));
  // A few at a time: each is a read of the storage (a disk, or a bucket over the network).
  for (let start = 0; start < unknown.length; start += 8) {
    const batch = unknown.slice(start, start + 8);
    const found = await Promise.all(batch.map((name) => inspectStoredImage(storage, name)));
    batch.forEach((name, index) => {
      const image = found[index];
      if (image) facts.set(name, image);
    });
  }
  return facts;
}

/**
 * Decides what each row does, with an error for every row the catalogue refuses. With `lock`, the products the
 * file names are locked first (in id order, before their sizes: the lock order rule) and stay so until commit.
 */
async function planImport(
  em: EntityManager,
  storage: FileStorage,
  groups: ProductCsvGroup[],
  lock: boolean,
): Promise<ImportPlan> {
  const errors: ProductCsvRowError[] = [];
  const handles = groups.map((group) => group.handle);
  const skus = groups.flatMap((group) => group.sizes.flatMap((size) => (size.sku ? [size.sku.toLowerCase()] : [])));
  const byHandle = new Map(
    (
      await em.execute<{ id: number; handle: string; archived_at: Date | null }[]>(
        `select id, handle, archived_at from products where handle in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(handles)],
      )
    ).map((row) => [row.handle, row]),
  );
  const skuOwners = new Map(
    (
      await em.execute<{ sku: string; product_id: number; handle: string }[]>(
        `select lower(v.sku) as sku, v.product_id, p.handle from product_variants v join products p on p.id = v.product_id
          where lower(v.sku) in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(skus)],
      )
    ).map((row) => [row.sku, row]),
  );
  const productIds = [...byHandle.values()].map((row) => row.id);
  if (lock && productIds.length > 0) {
    await em.execute(
      `select id from products where id in (select jsonb_array_elements_text(?::jsonb)::int) order by id for update`,
      [JSON.stringify(productIds)],
    );
  }
  const variantsOf = new Map<number, ExistingVariant[]>();
  if (productIds.length > 0) {
    const variants = await em.execute<ExistingVariant[]>(
      `select id, product_id, sku, size_ml, concentration, archived_at from product_variants
        where product_id in (select jsonb_array_elements_text(?::jsonb)::int) order by product_id, position, id`,
      [JSON.stringify(productIds)],
    );
    for (const variant of variants) {
      const list = variantsOf.get(variant.product_id) ?? [];
      list.push(variant);
      variantsOf.set(variant.product_id, list);
    }
  }
  const categories = categoryKeys(await em.find(Category, {}));

  const products: ImportPlan['products'] = [];
  for (const group of groups) {
    const existing = byHandle.get(group.handle);
    if (existing?.archived_at) {
      errors.push({
        row: group.first.row,
        column: 'handle',
        message: `The product ${group.handle} was deleted (it stays for its orders): give the product another handle.`,
      });
    }
    const categoryIds: number[] = [];
    for (const name of group.first.product.categories ?? []) {
      const id = categories.get(name.toLowerCase());
      if (id === undefined) {
        errors.push({
          row: group.first.row,
          column: 'categories',
          message: `Unknown category "${name.slice(0, 60)}".`,
        });
      } else if (!categoryIds.includes(id)) categoryIds.push(id);
    }
    const productId = existing?.id ?? null;
    const own = productId === null ? [] : (variantsOf.get(productId) ?? []);
    const taken = new Set<number>();
    const variantIds = group.sizes.map((size) => {
      if (size.sku) {
        const owner = skuOwners.get(size.sku.toLowerCase());
        if (!owner) return null;
        if (owner.product_id !== productId) {
          errors.push({
            row: size.row,
            column: 'sku',
            message: `The SKU ${size.sku} belongs to the product ${owner.handle}: a size cannot move to another product.`,
          });
          return null;
        }
        const variant = own.find((candidate) => candidate.sku?.toLowerCase() === size.sku!.toLowerCase());
        if (variant) taken.add(variant.id);
        return variant?.id ?? null;
      }
      // Without a SKU: the product's size of the same ml and concentration that has none either.
      const variant = own.find(
        (candidate) =>
          candidate.sku === null &&
          !taken.has(candidate.id) &&
          candidate.size_ml === size.sizeMl &&
          candidate.concentration === size.concentration,
      );
      if (variant) taken.add(variant.id);
      return variant?.id ?? null;
    });
    products.push({ group, productId, categoryIds, variantIds });
  }

  const imageRows = new Map<string, number[]>();
  for (const group of groups) {
    for (const size of group.sizes) {
      for (const name of [...(size === group.first ? (size.product.images ?? []) : []), ...size.sizeImages]) {
        const rows = imageRows.get(name) ?? [];
        if (!rows.includes(size.row)) rows.push(size.row);
        imageRows.set(name, rows);
      }
    }
  }
  const images = await resolveImages(em, storage, [...imageRows.keys()]);
  for (const [name, rows] of imageRows) {
    if (images.has(name)) continue;
    for (const row of rows) {
      errors.push({ row, column: 'images', message: `No image "${name}" in the uploads (or it is not an image).` });
    }
  }
  return { products, images, errors };
}

function counts(plan: ImportPlan) {
  const updated = plan.products.filter((product) => product.productId !== null).length;
  const sizesUpdated = plan.products.reduce((sum, product) => sum + product.variantIds.filter(Boolean).length, 0);
  const sizes = plan.products.reduce((sum, product) => sum + product.variantIds.length, 0);
  return {
    productsCreated: plan.products.length - updated,
    productsUpdated: updated,
    sizesCreated: sizes - sizesUpdated,
    sizesUpdated,
  };
}

function sizeColumns(size: ProductCsvRow) {
  return {
    sizeMl: size.sizeMl,
    concentration: size.concentration,
    isSample: size.isSample,
    sku: size.sku,
    priceCents: size.priceCents,
    salePriceCents: size.salePriceCents,
    onSale: size.onSale,
    quantity: size.quantity,
    archivedAt: null,
  };
}

function factsOf(product: ProductCsvRow['product']) {
  return {
    name: product.name!,
    description: product.description!,
    scentFamily: product.scentFamily ?? null,
    forWhom: product.forWhom ?? null,
    notesTop: product.notesTop ?? [],
    notesHeart: product.notesHeart ?? [],
    notesBase: product.notesBase ?? [],
  };
}

/** A size of `product` to be inserted at the next flush (its columns set by the caller). */
function newVariant(em: EntityManager, product: Product): ProductVariant {
  const variant = new ProductVariant();
  variant.product = product;
  em.persist(variant);
  return variant;
}

/** Writes the plan (no errors in it) in the caller's transaction; returns every product id it touched. */
async function writePlan(em: EntityManager, plan: ImportPlan): Promise<number[]> {
  const existingIds = plan.products.flatMap((product) => (product.productId === null ? [] : [product.productId]));
  const loaded = new Map(
    (existingIds.length > 0
      ? await em.find(Product, { id: { $in: existingIds } }, { populate: ['categories'] })
      : []
    ).map((product) => [product.id, product]),
  );
  const variants = new Map(
    (existingIds.length > 0
      ? await em.find(ProductVariant, { product: { $in: existingIds } }, { orderBy: { position: 'asc', id: 'asc' } })
      : []
    ).map((variant) => [variant.id, variant]),
  );
  const replacedProductImages: number[] = [];
  const replacedSizeImages: number[] = [];
  const newImages: { product: Product; variant: ProductVariant | null; names: string[] }[] = [];
  const touched: Product[] = [];

  for (const { group, productId, categoryIds, variantIds } of plan.products) {
    const first = group.first;
    let product: Product;
    if (productId === null) {
      // A new product's price and stock columns are its first size's; its sizes are inserted in this transaction,
      // so migration 0024's commit-time trigger adds none of its own.
      product = em.create(Product, {
        handle: group.handle,
        ...factsOf(first.product),
        priceCents: first.priceCents,
        salePriceCents: first.salePriceCents,
        onSale: first.onSale,
        quantity: first.quantity,
        categories: categoryIds,
      });
    } else {
      product = loaded.get(productId)!;
      // Only its own columns: the price and stock columns follow its sizes (the database mirrors them).
      Object.assign(product, factsOf(first.product));
      product.categories.set(categoryIds.map((id) => em.getReference(Category, id)));
    }
    touched.push(product);
    const listed: ProductVariant[] = group.sizes.map((size, index) => {
      const id = variantIds[index];
      const variant = id ? variants.get(id)! : newVariant(em, product);
      Object.assign(variant, sizeColumns(size));
      variant.position = index;
      if (size.sizeImages.length > 0) {
        if (id) replacedSizeImages.push(id);
        newImages.push({ product, variant, names: size.sizeImages });
      }
      return variant;
    });
    // Sizes the file leaves out stay, after the listed ones, in their order.
    if (productId !== null) {
      const others = [...variants.values()].filter(
        (variant) => variant.product.id === productId && !listed.includes(variant) && variant.archivedAt === null,
      );
      others.forEach((variant, index) => (variant.position = listed.length + index));
    }
    if (first.product.images) {
      if (productId !== null) replacedProductImages.push(productId);
      newImages.unshift({ product, variant: null, names: first.product.images });
    }
  }

  // An images cell replaces what it names (the product's own images, or a size's); a blank one leaves them.
  if (replacedProductImages.length > 0) {
    await em.nativeDelete(ProductImage, { product: { $in: replacedProductImages }, variant: null });
  }
  if (replacedSizeImages.length > 0) {
    await em.nativeDelete(ProductImage, { variant: { $in: replacedSizeImages } });
  }
  const nextPosition = new Map<Product, number>();
  for (const { product, variant, names } of newImages) {
    // The product's own images at 0–9 (at most 10), a size's from 100: after them whichever cells the file filled.
    let position = variant === null ? 0 : (nextPosition.get(product) ?? 100);
    for (const fileName of names) {
      const facts = plan.images.get(fileName)!;
      em.create(ProductImage, { product, variant, fileName, position, ...facts });
      position += 1;
    }
    if (variant !== null) nextPosition.set(product, position);
  }
  await em.flush();
  return touched.map((product) => product.id);
}

function refusal(error: unknown): never {
  if (error instanceof UniqueConstraintViolationException) {
    throw AppError.badInput([
      FieldError.of(
        'file',
        'INVALID_INPUT',
        'The catalogue changed while importing (a handle or SKU was taken): check the file again.',
      ),
    ]);
  }
  throw error;
}

export const productCsvImportService = {
  /**
   * Checks the file (dryRun) or imports it. Problems with the file as a whole are thrown as bad input on 'file';
   * problems with rows come back as rowErrors, and then nothing is written.
   */
  async importProducts(ctx: RequestContext, data: Buffer, dryRun: boolean): Promise<ProductImportResult> {
    requirePermission(ctx, Permission.CATALOGUE);
    const parsed = parseProductCsv(data);
    const grouped = groupProductRows(parsed.rows);
    const fileErrors = [...parsed.errors, ...grouped.errors];
    const zero = { productsCreated: 0, productsUpdated: 0, sizesCreated: 0, sizesUpdated: 0 };
    const result = (errors: ProductCsvRowError[], counted: typeof zero, imported: boolean): ProductImportResult => {
      const sorted = [...errors].sort(byRow);
      return {
        dryRun,
        imported,
        rowCount: parsed.rowCount,
        rowErrors: sorted.slice(0, productCsvLimits.errorsShown),
        rowErrorCount: sorted.length,
        ...counted,
      };
    };
    if (dryRun) {
      // What the file would do, errors or not: the admin sees both before importing.
      const plan = await planImport(ctx.em, ctx.storage, grouped.groups, false);
      return result([...fileErrors, ...plan.errors], counts(plan), false);
    }
    try {
      return await withTransactionLimits(ctx.em, importLimits, async (em) => {
        const plan = await planImport(em, ctx.storage, grouped.groups, true);
        const errors = [...fileErrors, ...plan.errors];
        if (errors.length > 0) return result(errors, zero, false);
        const touched = await writePlan(em, plan);
        recordAudit(ctx, em, {
          action: 'importProducts',
          targetType: 'product_csv',
          targetId: null,
          after: { rowCount: parsed.rowCount, ...counts(plan), productIds: touched },
        });
        await announceCatalogueChange(em, {
          productIds: touched,
          listsChanged: true,
          stockChangedIds: touched,
          inStockFlippedIds: touched,
        });
        return result([], counts(plan), true);
      });
    } catch (error) {
      return refusal(error);
    }
  },
};
