import { AppError, FieldError } from '../../core/errors';
import { maxNoteLength, maxNotesPerTier, normaliseNotes } from './fragrance-facts';
import { ForWhom, ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';

/* The admin's product form: its fields and the rules they must meet, apart from the database and files. */

/** What an admin's product form sends, as GraphQL or the REST adapter hands it over (money in cents). */
export interface ProductDraft {
  name?: unknown;
  description?: unknown;
  categoryIds?: unknown;
  priceCents?: unknown;
  quantity?: unknown;
  onSale?: unknown;
  salePriceCents?: unknown;
  /**
   * The sizes in display order (the first is the default), each with its id when it exists already. Absent or
   * null: the price and quantity fields above are the default size's, and the other sizes stay as they are.
   */
  sizes?: unknown;
  /** Fragrance facts: absent (undefined) keeps what the product has, null clears. */
  scentFamily?: unknown;
  forWhom?: unknown;
  notesTop?: unknown;
  notesHeart?: unknown;
  notesBase?: unknown;
}

/** One size as the form sends it. */
export interface SizeDraft {
  id?: unknown;
  sizeMl?: unknown;
  concentration?: unknown;
  isSample?: unknown;
  sku?: unknown;
  priceCents?: unknown;
  salePriceCents?: unknown;
  onSale?: unknown;
  quantity?: unknown;
}

/** A checked size: `id` null for a new one. */
export interface SizeValues {
  id: number | null;
  sizeMl: number | null;
  concentration: Concentration | null;
  isSample: boolean;
  sku: string | null;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
  quantity: number;
}

/** The facts the form named; a fact left out is not in the object (kept as the product has it). */
export interface FragranceFactValues {
  scentFamily?: ScentFamily | null;
  forWhom?: ForWhom | null;
  notesTop?: string[];
  notesHeart?: string[];
  notesBase?: string[];
}

export interface ProductValues {
  name: string;
  description: string;
  categoryIds: number[];
  priceCents: number;
  quantity: number;
  onSale: boolean;
  salePriceCents: number | null;
  /** The sizes in order when the form sent them; null when the price fields above stand for the default size. */
  sizes: SizeValues[] | null;
  facts: FragranceFactValues;
}

export const productLimits = { name: 200, description: 5000, quantity: 1_000_000, priceCents: 2_000_000_000 };
export const sizeLimits = { sizes: 20, sizeMl: 100_000, sku: 64 };
export const categoryNameLimit = 60;

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const isQuantity = (value: unknown): value is number =>
  isWholeNumber(value) && value >= 0 && value <= productLimits.quantity;

const invalidQuantity = () => FieldError.of('quantity', 'INVALID_QUANTITY', 'Valid quantity is required');

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

interface PriceFields {
  priceCents?: unknown;
  quantity?: unknown;
  onSale?: unknown;
  salePriceCents?: unknown;
}

/**
 * A size's money and stock (or the spec's product fields), checked with the spec's messages; `prefix` names the
 * fields ('' for the product's own, 'sizes.2.' for the third size).
 */
function checkPrices(draft: PriceFields, prefix: string, errors: FieldError[], saleErrors = errors) {
  const { priceCents, quantity } = draft;
  const onSale = draft.onSale === true;
  const priceValid = isWholeNumber(priceCents) && priceCents > 0 && priceCents <= productLimits.priceCents;
  if (!priceValid) errors.push(FieldError.of(`${prefix}price`, 'INVALID_PRICE', 'Valid price is required'));
  if (!isQuantity(quantity))
    errors.push(FieldError.of(`${prefix}quantity`, 'INVALID_QUANTITY', 'Valid quantity is required'));
  let salePriceCents: number | null = null;
  if (onSale) {
    const sale = draft.salePriceCents;
    if (!isWholeNumber(sale) || sale <= 0) {
      saleErrors.push(
        FieldError.of(
          `${prefix}salePrice`,
          'INVALID_SALE_PRICE',
          'Valid sale price is required when product is on sale',
        ),
      );
    } else if (priceValid && sale >= (priceCents as number)) {
      saleErrors.push(
        FieldError.of(`${prefix}salePrice`, 'SALE_PRICE_TOO_HIGH', 'Sale price must be less than regular price'),
      );
    } else {
      salePriceCents = sale;
    }
  }
  return { priceCents: priceCents as number, quantity: quantity as number, onSale, salePriceCents };
}

const isOneOf = <T extends string>(values: Record<string, T>, value: unknown): value is T =>
  typeof value === 'string' && (Object.values(values) as string[]).includes(value);

/** A size's "which size": ml, concentration, the sample mark and the SKU (unique without regard to case). */
function checkSize(draft: SizeDraft, index: number, errors: FieldError[]): SizeValues {
  const prefix = `sizes.${index}.`;
  const id = draft.id ?? null;
  if (id !== null && !(isWholeNumber(id) && id > 0))
    errors.push(FieldError.of(`${prefix}id`, 'NOT_FOUND', 'Size not found'));
  const sizeMl = draft.sizeMl ?? null;
  if (sizeMl !== null && !(isWholeNumber(sizeMl) && sizeMl > 0 && sizeMl <= sizeLimits.sizeMl))
    errors.push(FieldError.of(`${prefix}sizeMl`, 'OUT_OF_RANGE', 'Size must be a whole number of ml'));
  const concentration = draft.concentration ?? null;
  if (concentration !== null && !isOneOf(Concentration, concentration))
    errors.push(FieldError.of(`${prefix}concentration`, 'INVALID', 'Unknown concentration'));
  const sku = text(draft.sku) || null;
  if (sku !== null && sku.length > sizeLimits.sku)
    errors.push(FieldError.of(`${prefix}sku`, 'TOO_LONG', `Please keep the SKU under ${sizeLimits.sku} characters.`));
  return {
    id: id as number | null,
    sizeMl: sizeMl as number | null,
    concentration: concentration as Concentration | null,
    isSample: draft.isSample === true,
    sku,
    ...checkPrices(draft, prefix, errors),
  };
}

/** The sizes in display order: at least one, each checked, no id or SKU twice. */
function checkSizes(sizes: unknown, errors: FieldError[]): SizeValues[] {
  if (!Array.isArray(sizes) || sizes.length === 0) {
    errors.push(FieldError.of('sizes', 'REQUIRED', 'At least one size is required'));
    return [];
  }
  if (sizes.length > sizeLimits.sizes) {
    errors.push(FieldError.of('sizes', 'OUT_OF_RANGE', `At most ${sizeLimits.sizes} sizes`));
    return [];
  }
  const values = sizes.map((size, index) =>
    checkSize(typeof size === 'object' && size !== null ? (size as SizeDraft) : {}, index, errors),
  );
  values.forEach((size, index) => {
    const earlier = values.slice(0, index);
    if (size.id !== null && earlier.some((other) => other.id === size.id))
      errors.push(FieldError.of(`sizes.${index}.id`, 'INVALID', 'A size is listed twice'));
    if (size.sku !== null && earlier.some((other) => other.sku?.toLowerCase() === size.sku?.toLowerCase()))
      errors.push(FieldError.of(`sizes.${index}.sku`, 'SKU_TAKEN', `SKU ${size.sku} is already used`));
  });
  return values;
}

/** A tier of notes, normalised (fragrance-facts.ts); too many or too long is refused. */
function checkNotes(field: string, notes: unknown, errors: FieldError[]): string[] {
  if (notes === null) return [];
  if (!Array.isArray(notes) || !notes.every((note) => typeof note === 'string')) {
    errors.push(FieldError.of(field, 'INVALID', 'Notes must be a list of words'));
    return [];
  }
  const kept = normaliseNotes(notes);
  if (kept.length > maxNotesPerTier)
    errors.push(FieldError.of(field, 'OUT_OF_RANGE', `At most ${maxNotesPerTier} notes per tier`));
  else if (kept.some((note) => note.length > maxNoteLength))
    errors.push(FieldError.of(field, 'TOO_LONG', `Please keep each note under ${maxNoteLength} characters.`));
  return kept;
}

/** The facts the form named (undefined ones are left as they are). */
function checkFacts(draft: ProductDraft, errors: FieldError[]): FragranceFactValues {
  const facts: FragranceFactValues = {};
  if (draft.scentFamily !== undefined) {
    if (draft.scentFamily === null || isOneOf(ScentFamily, draft.scentFamily)) facts.scentFamily = draft.scentFamily;
    else errors.push(FieldError.of('scentFamily', 'INVALID', 'Unknown scent family'));
  }
  if (draft.forWhom !== undefined) {
    if (draft.forWhom === null || isOneOf(ForWhom, draft.forWhom)) facts.forWhom = draft.forWhom;
    else errors.push(FieldError.of('forWhom', 'INVALID', 'Choose for her, for him or unisex'));
  }
  for (const tier of ['notesTop', 'notesHeart', 'notesBase'] as const) {
    if (draft[tier] !== undefined) facts[tier] = checkNotes(tier, draft[tier], errors);
  }
  return facts;
}

/**
 * The spec's product form rules (§5) with its messages, in its order, with the sizes and fragrance facts of
 * decision 0083; the server holds them whatever the client did. With sizes, the price fields of the product are
 * the first size's (the form's own are not read).
 */
export function validateProductDraft(draft: ProductDraft): { value: ProductValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = text(draft.name);
  const description = text(draft.description);
  const categoryIds = Array.isArray(draft.categoryIds) ? [...new Set(draft.categoryIds)] : [];
  const withSizes = draft.sizes !== undefined && draft.sizes !== null;

  if (!name) errors.push(FieldError.of('name', 'REQUIRED', 'Product name is required'));
  else if (name.length > productLimits.name)
    errors.push(FieldError.of('name', 'TOO_LONG', `Please keep the name under ${productLimits.name} characters.`));
  if (categoryIds.length === 0 || !categoryIds.every((id) => isWholeNumber(id) && id > 0))
    errors.push(FieldError.of('category', 'REQUIRED', 'Category is required'));
  // The spec's order: the sale price's message comes after the description's.
  const saleErrors: FieldError[] = [];
  const prices = withSizes ? null : checkPrices(draft, '', errors, saleErrors);
  if (!description) errors.push(FieldError.of('description', 'REQUIRED', 'Description is required'));
  else if (description.length > productLimits.description)
    errors.push(
      FieldError.of(
        'description',
        'TOO_LONG',
        `Please keep the description under ${productLimits.description} characters.`,
      ),
    );
  errors.push(...saleErrors);
  const sizes = withSizes ? checkSizes(draft.sizes, errors) : null;
  const facts = checkFacts(draft, errors);
  const first = sizes?.[0];
  const defaults = prices ?? {
    priceCents: first?.priceCents ?? 0,
    quantity: first?.quantity ?? 0,
    onSale: first?.onSale ?? false,
    salePriceCents: first?.salePriceCents ?? null,
  };
  return {
    value: { name, description, categoryIds: categoryIds as number[], ...defaults, sizes, facts },
    errors,
  };
}

/** The product's own columns from a checked form (its categories are a collection, set apart). */
export function productColumns({ name, description, priceCents, salePriceCents, onSale, quantity }: ProductValues) {
  return { name, description, priceCents, salePriceCents, onSale, quantity };
}

export function validateQuantity(quantity: unknown): number {
  if (!isQuantity(quantity)) throw AppError.badInput([invalidQuantity()]);
  return quantity;
}

/** Category text as the spec's REST form sends it ('FOR MEN FOR WOMEN'), matched against existing names. */
export function matchCategoryText(text: string, categories: { id: number; name: string }[]): number[] | null {
  const byLength = [...categories].sort((left, right) => right.name.length - left.name.length);
  let rest = text.toUpperCase().replace(/[,;|]/g, ' ').replace(/\s+/g, ' ').trim();
  const ids: number[] = [];
  while (rest) {
    const match = byLength.find((category) => rest === category.name || rest.startsWith(`${category.name} `));
    if (!match) return null;
    ids.push(match.id);
    rest = rest.slice(match.name.length).trim();
  }
  return ids;
}
