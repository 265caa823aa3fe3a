import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, FieldError } from '../../core/errors';
import type { StockLevel } from '../notifications/admin-notifications';
import type { Product } from './product.entity';
import { ProductVariant } from './product-variant.entity';
import type { FragranceFactValues, SizeValues } from './product-form-rules';
import { sizeLabel } from './size-label';

/* The admin's writes to a product's sizes (decision 0085): the caller holds the product's row lock. */

/** Ids as one PostgreSQL array literal: MikroORM would spread a JavaScript array into a list. */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const skuTaken = (index: number, sku: string) =>
  FieldError.of(`sizes.${index}.sku`, 'SKU_TAKEN', `SKU ${sku} is already used by another size`);

/** The message a size's SKU gets when the database's unique index refused it (a race with another admin). */
export const skuTakenError = () =>
  AppError.field('sizes', 'SKU_TAKEN', 'A SKU is already used by another size; please choose another.');

/**
 * The sizes whose SKU another size in the shop has, without regard to case: another product's, or one of this
 * product's archived sizes (they keep theirs for the orders that name them). One statement.
 */
export async function takenSkuErrors(
  em: EntityManager,
  sizes: readonly SizeValues[],
  productId: number | null,
): Promise<FieldError[]> {
  const skus = sizes.flatMap((size) => (size.sku === null ? [] : [size.sku.toLowerCase()]));
  if (skus.length === 0) return [];
  const rows = await em.getConnection().execute<{ sku: string }[]>(
    `select distinct lower(v.sku) as sku from product_variants v
      where lower(v.sku) in (select json_array_elements_text(?::json)) and not (v.product_id = ?::int and v.archived_at is null)`,
    [JSON.stringify(skus), productId ?? 0],
    'all',
    em.getTransactionContext(),
  );
  const taken = new Set(rows.map((row) => row.sku));
  return sizes.flatMap((size, index) =>
    size.sku !== null && taken.has(size.sku.toLowerCase()) ? [skuTaken(index, size.sku)] : [],
  );
}

/** What decides where a product appears in lists and facets, compared before and after an edit. */
export interface ListedFacts {
  name: string;
  archivedAt: Date | null;
  categoryIds: readonly number[];
  facts: Required<FragranceFactValues>;
  sizes: readonly Pick<
    SizeValues,
    'sizeMl' | 'concentration' | 'isSample' | 'priceCents' | 'salePriceCents' | 'onSale' | 'quantity'
  >[];
}

export function listedFields({ name, archivedAt, categoryIds, facts, sizes }: ListedFacts): string {
  return JSON.stringify([
    name,
    archivedAt,
    [...categoryIds].sort((a, b) => a - b),
    facts,
    sizes.map(({ sizeMl, concentration, isSample, priceCents, salePriceCents, onSale }) => [
      sizeMl,
      concentration,
      isSample,
      priceCents,
      salePriceCents,
      onSale,
    ]),
  ]);
}

/** Which sizes are in stock, as availability filters read them: the default's flag and the sizes in stock. */
export function availability(sizes: ListedFacts['sizes']): string {
  return JSON.stringify([
    (sizes[0]?.quantity ?? 0) > 0,
    sizes.map((size) => [size.sizeMl, size.concentration, size.quantity > 0]),
  ]);
}

export function factsOf(product: Product): Required<FragranceFactValues> {
  const { scentFamily, forWhom, notesTop, notesHeart, notesBase } = product;
  return { scentFamily, forWhom, notesTop, notesHeart, notesBase };
}

/** A product's sizes on sale (not archived), the default first, read afresh under the caller's lock. */
export function liveSizes(em: EntityManager, productId: number): Promise<ProductVariant[]> {
  return em.find(
    ProductVariant,
    { product: productId, archivedAt: null },
    { orderBy: { position: 'asc', id: 'asc' }, refresh: true },
  );
}

/** A size's stock level as the low-stock note reads it. */
export function stockLevel(productName: string, size: SizeValues | ProductVariant, previousQuantity?: number) {
  const level: StockLevel = { name: productName, quantity: size.quantity, sizeLabel: sizeLabel(size) };
  if (previousQuantity !== undefined) level.previousQuantity = previousQuantity;
  return level;
}

/** A new size of `product`, persisted by the caller's flush. */
function newSize(em: EntityManager, product: Product): ProductVariant {
  const variant = new ProductVariant();
  variant.product = product;
  em.persist(variant);
  return variant;
}

function assignSize(variant: ProductVariant, size: SizeValues, position: number) {
  variant.position = position;
  variant.sizeMl = size.sizeMl;
  variant.concentration = size.concentration;
  variant.isSample = size.isSample;
  variant.sku = size.sku;
  variant.priceCents = size.priceCents;
  variant.salePriceCents = size.salePriceCents;
  variant.onSale = size.onSale;
  variant.quantity = size.quantity;
}

/** A new product's sizes, in order; written by the caller's flush. */
export function createSizes(em: EntityManager, product: Product, sizes: readonly SizeValues[]): ProductVariant[] {
  return sizes.map((size, position) => {
    const variant = newSize(em, product);
    assignSize(variant, size, position);
    return variant;
  });
}

export interface SizesReplaced {
  /** The sizes before, in their order. */
  before: ProductVariant[];
  /** Each size of the new list with its quantity before (undefined for a new size). */
  levels: { size: SizeValues; previousQuantity?: number }[];
  archivedIds: number[];
  deletedIds: number[];
}

/**
 * Makes a product's sizes the list given, in its order (position = index; the first is the default). A size
 * left out is archived when an order or a cart refers to it, else deleted. Removals and SKU moves are written at
 * once (the SKU index is checked row by row), the rest by the caller's flush. The caller holds the product's
 * row lock, so no order or cart line can appear between the check and the delete.
 */
export async function replaceSizes(
  em: EntityManager,
  product: Product,
  sizes: readonly SizeValues[],
): Promise<SizesReplaced> {
  const before = await liveSizes(em, product.id);
  const byId = new Map(before.map((variant) => [variant.id, variant]));
  const unknown = sizes.flatMap((size, index) =>
    size.id !== null && !byId.has(size.id) ? [FieldError.of(`sizes.${index}.id`, 'NOT_FOUND', 'Size not found')] : [],
  );
  if (unknown.length > 0) throw AppError.badInput(unknown);

  const connection = em.getConnection();
  const transaction = em.getTransactionContext();
  const keptIds = new Set(sizes.flatMap((size) => (size.id === null ? [] : [size.id])));
  const removedIds = before.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id);
  let archivedIds: number[] = [];
  if (removedIds.length > 0) {
    const referenced = await connection.execute<{ id: number }[]>(
      `select v.id from product_variants v where v.id = any(?::int[])
          and (exists (select 1 from order_items o where o.variant_id = v.id)
               or exists (select 1 from cart_items c where c.variant_id = v.id))`,
      [idArray(removedIds)],
      'all',
      transaction,
    );
    archivedIds = referenced.map((row) => row.id);
    await connection.execute(
      `with archived as (update product_variants set archived_at = now(), updated_at = now()
                          where id = any(?::int[]) returning id)
       delete from product_variants where id = any(?::int[]) and id <> all(?::int[])`,
      [idArray(archivedIds), idArray(removedIds), idArray(archivedIds)],
      'run',
      transaction,
    );
  }
  const deletedIds = removedIds.filter((id) => !archivedIds.includes(id));

  // A SKU moving from one kept size to another: cleared first, so the flush never meets it twice.
  const moving = sizes.flatMap((size) => {
    const current = size.id === null ? undefined : byId.get(size.id);
    return current && current.sku !== null && current.sku !== size.sku ? [current.id] : [];
  });
  if (moving.length > 0)
    await connection.execute(
      'update product_variants set sku = null where id = any(?::int[])',
      [idArray(moving)],
      'run',
      transaction,
    );
  const taken = await takenSkuErrors(em, sizes, product.id);
  if (taken.length > 0) throw AppError.badInput(taken);

  const levels = sizes.map((size, position) => {
    const current = size.id === null ? undefined : byId.get(size.id);
    const variant = current ?? newSize(em, product);
    const previousQuantity = current?.quantity;
    assignSize(variant, size, position);
    return previousQuantity === undefined ? { size } : { size, previousQuantity };
  });
  return { before, levels, archivedIds, deletedIds };
}
