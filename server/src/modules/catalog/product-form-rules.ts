import { AppError, FieldError } from '../../core/errors';

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
}

export interface ProductValues {
  name: string;
  description: string;
  categoryIds: number[];
  priceCents: number;
  quantity: number;
  onSale: boolean;
  salePriceCents: number | null;
}

export const productLimits = { name: 200, description: 5000, quantity: 1_000_000, priceCents: 2_000_000_000 };
export const categoryNameLimit = 60;

const isWholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

const isQuantity = (value: unknown): value is number =>
  isWholeNumber(value) && value >= 0 && value <= productLimits.quantity;

const invalidQuantity = () => FieldError.of('quantity', 'INVALID_QUANTITY', 'Valid quantity is required');

export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The spec's product form rules (§5) with its messages, in its order; the server holds them whatever the client did. */
export function validateProductDraft(draft: ProductDraft): { value: ProductValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = text(draft.name);
  const description = text(draft.description);
  const categoryIds = Array.isArray(draft.categoryIds) ? [...new Set(draft.categoryIds)] : [];
  const { priceCents, quantity } = draft;
  const onSale = draft.onSale === true;

  if (!name) errors.push(FieldError.of('name', 'REQUIRED', 'Product name is required'));
  else if (name.length > productLimits.name)
    errors.push(FieldError.of('name', 'TOO_LONG', `Please keep the name under ${productLimits.name} characters.`));
  if (categoryIds.length === 0 || !categoryIds.every((id) => isWholeNumber(id) && id > 0))
    errors.push(FieldError.of('category', 'REQUIRED', 'Category is required'));
  const priceValid = isWholeNumber(priceCents) && priceCents > 0 && priceCents <= productLimits.priceCents;
  if (!priceValid) errors.push(FieldError.of('price', 'INVALID_PRICE', 'Valid price is required'));
  if (!isQuantity(quantity)) errors.push(invalidQuantity());
  if (!description) errors.push(FieldError.of('description', 'REQUIRED', 'Description is required'));
  else if (description.length > productLimits.description)
    errors.push(
      FieldError.of(
        'description',
        'TOO_LONG',
        `Please keep the description under ${productLimits.description} characters.`,
      ),
    );
  let salePriceCents: number | null = null;
  if (onSale) {
    const sale = draft.salePriceCents;
    if (!isWholeNumber(sale) || sale <= 0) {
      errors.push(
        FieldError.of('salePrice', 'INVALID_SALE_PRICE', 'Valid sale price is required when product is on sale'),
      );
    } else if (priceValid && sale >= (priceCents as number)) {
      errors.push(FieldError.of('salePrice', 'SALE_PRICE_TOO_HIGH', 'Sale price must be less than regular price'));
    } else {
      salePriceCents = sale;
    }
  }
  return {
    value: {
      name,
      description,
      categoryIds: categoryIds as number[],
      priceCents: priceCents as number,
      quantity: quantity as number,
      onSale,
      salePriceCents,
    },
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
