import { shillingsToCents } from './admin-format';
import type { Concentration, ForWhom, ProductInput, ProductSizeInput, ScentFamily } from './api/products.generated';

// SPEC §5/§9: up to 10 images of 5 MB (5,242,880 bytes) each, images only.
const MAX_IMAGES = 10;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageMessages = {
  tooMany: 'Maximum of 10 images allowed.',
  tooLarge: (name: string) => `File '${name}' exceeds 5MB limit.`,
  notImage: (name: string) => `File '${name}' is not an image.`,
  required: 'At least one product image is required',
};

/** One size as the form holds it, typed as text; `key` tells React rows apart, `id` is the stored size's. */
export interface SizeFormValues {
  key: string;
  id: number | null;
  sizeMl: string;
  concentration: Concentration | '';
  isSample: boolean;
  sku: string;
  price: string;
  quantity: string;
  onSale: boolean;
  salePrice: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  categoryIds: number[];
  sizes: SizeFormValues[];
  scentFamily: ScentFamily | '';
  forWhom: ForWhom | '';
  /** Notes as comma-separated text, one field a tier. */
  notesTop: string;
  notesHeart: string;
  notesBase: string;
}

/** A size's fields with their own error: 'sizes.0.price', as the server names them too. */
export type SizeField = 'sizeMl' | 'sku' | 'price' | 'quantity' | 'salePrice';
export type ProductField = 'name' | 'description' | 'categoryIds' | 'sizes' | `sizes.${number}.${SizeField}`;

/** The shop's concentrations and families as the admin reads them (the server's names). */
export const concentrationOptions: { value: Concentration; label: string }[] = [
  { value: 'EAU_DE_COLOGNE', label: 'Eau de Cologne' },
  { value: 'EAU_DE_TOILETTE', label: 'Eau de Toilette' },
  { value: 'EAU_DE_PARFUM', label: 'Eau de Parfum' },
  { value: 'PARFUM', label: 'Parfum/Extrait' },
  { value: 'BODY_MIST', label: 'Body mist' },
  { value: 'ROOM_SPRAY', label: 'Room spray' },
];

export const scentFamilyOptions: { value: ScentFamily; label: string }[] = [
  { value: 'FLORAL', label: 'Floral' },
  { value: 'WOODY', label: 'Woody' },
  { value: 'AMBER', label: 'Oriental/Amber' },
  { value: 'FRESH', label: 'Fresh' },
  { value: 'CITRUS', label: 'Citrus' },
  { value: 'GOURMAND', label: 'Gourmand' },
  { value: 'AROMATIC', label: 'Aromatic' },
  { value: 'FRUITY', label: 'Fruity' },
  { value: 'CHYPRE', label: 'Chypre' },
  { value: 'LEATHER', label: 'Leather' },
  { value: 'AQUATIC', label: 'Aquatic' },
];

export const forWhomOptions: { value: ForWhom; label: string }[] = [
  { value: 'WOMEN', label: 'For her' },
  { value: 'MEN', label: 'For him' },
  { value: 'UNISEX', label: 'Unisex' },
];

let nextSizeKey = 0;

/** An empty size for the form: not on sale, sale price 0 (SPEC §4). */
export function emptySize(): SizeFormValues {
  nextSizeKey += 1;
  return {
    key: `new-${nextSizeKey}`,
    id: null,
    sizeMl: '',
    concentration: '',
    isSample: false,
    sku: '',
    price: '',
    quantity: '',
    onSale: false,
    salePrice: '0',
  };
}

/** Notes typed as "Bergamot, pink pepper": the words between commas, trimmed (the server lower-cases them). */
export function notesOf(text: string): string[] {
  return text
    .split(',')
    .map((note) => note.trim())
    .filter(Boolean);
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

function validateSize(
  size: SizeFormValues,
  index: number,
  errors: Partial<Record<ProductField, string>>,
): ProductSizeInput | null {
  const field = (name: SizeField): ProductField => `sizes.${index}.${name}`;
  const priceCents = shillingsToCents(size.price);
  const quantity = wholeNumber(size.quantity);
  const salePriceCents = shillingsToCents(size.salePrice);
  const sizeMl = size.sizeMl.trim() ? wholeNumber(size.sizeMl) : null;
  let valid = true;
  const refuse = (name: SizeField, message: string) => {
    errors[field(name)] = message;
    valid = false;
  };
  if (size.sizeMl.trim() && (sizeMl === null || sizeMl <= 0 || sizeMl > 100_000))
    refuse('sizeMl', 'Size must be a whole number of ml');
  if (priceCents === null || priceCents <= 0) refuse('price', 'Valid price is required');
  if (quantity === null || !Number.isSafeInteger(quantity)) refuse('quantity', 'Valid quantity is required');
  if (size.onSale) {
    if (salePriceCents === null || salePriceCents <= 0) {
      refuse('salePrice', 'Valid sale price is required when product is on sale');
    } else if (priceCents !== null && salePriceCents >= priceCents) {
      refuse('salePrice', 'Sale price must be less than regular price');
    }
  }
  if (!valid || priceCents === null || quantity === null) return null;
  return {
    id: size.id,
    sizeMl,
    concentration: size.concentration || null,
    isSample: size.isSample,
    sku: size.sku.trim() || null,
    priceCents,
    quantity,
    onSale: size.onSale,
    // Not on sale: the server stores no sale price (the form shows 0, SPEC §4).
    salePriceCents: size.onSale ? salePriceCents : null,
  };
}

/** SPEC §5's product form rules, with its messages, for each size; the server applies the same ones. */
export function validateProduct(values: ProductFormValues): {
  errors: Partial<Record<ProductField, string>>;
  input: ProductInput | null;
} {
  const errors: Partial<Record<ProductField, string>> = {};
  const name = values.name.trim();
  const description = values.description.trim();

  if (!name) errors.name = 'Product name is required';
  if (values.categoryIds.length === 0) errors.categoryIds = 'Category is required';
  const sizes = values.sizes.map((size, index) => validateSize(size, index, errors));
  if (values.sizes.length === 0) errors.sizes = 'At least one size is required';
  const skus = values.sizes.map((size) => size.sku.trim().toLowerCase());
  skus.forEach((sku, index) => {
    if (sku && skus.indexOf(sku) < index) errors[`sizes.${index}.sku`] = 'This SKU is already used by another size';
  });
  if (!description) errors.description = 'Description is required';
  if (Object.keys(errors).length > 0) return { errors, input: null };
  return {
    errors,
    input: {
      name,
      description,
      categoryIds: values.categoryIds,
      sizes: sizes.filter((size): size is ProductSizeInput => size !== null),
      scentFamily: values.scentFamily || null,
      forWhom: values.forWhom || null,
      notesTop: notesOf(values.notesTop),
      notesHeart: notesOf(values.notesHeart),
      notesBase: notesOf(values.notesBase),
    },
  };
}

/**
 * Which of the chosen files may join the `alreadyChosen` ones, and the messages for the rest: the type as the
 * browser reports it and the size are checked here; the server decodes every file to be sure.
 */
export function checkImageFiles(files: File[], alreadyChosen: number): { accepted: File[]; messages: string[] } {
  const accepted: File[] = [];
  const messages: string[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) messages.push(imageMessages.notImage(file.name));
    else if (file.size > MAX_IMAGE_BYTES) messages.push(imageMessages.tooLarge(file.name));
    else accepted.push(file);
  }
  const room = Math.max(0, MAX_IMAGES - alreadyChosen);
  if (accepted.length > room) {
    messages.push(imageMessages.tooMany);
    return { accepted: accepted.slice(0, room), messages };
  }
  return { accepted, messages };
}
