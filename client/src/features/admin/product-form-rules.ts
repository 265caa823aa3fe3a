import { shillingsToCents } from './admin-format';
import type { ProductInput } from './api/products.generated';

// SPEC §5/§9: up to 10 images of 5 MB (5,242,880 bytes) each, images only.
const MAX_IMAGES = 10;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageMessages = {
  tooMany: 'Maximum of 10 images allowed.',
  tooLarge: (name: string) => `File '${name}' exceeds 5MB limit.`,
  notImage: (name: string) => `File '${name}' is not an image.`,
  required: 'At least one product image is required',
};

export interface ProductFormValues {
  name: string;
  description: string;
  categoryIds: number[];
  price: string;
  quantity: string;
  onSale: boolean;
  salePrice: string;
}

export type ProductField = 'name' | 'description' | 'categoryIds' | 'priceCents' | 'quantity' | 'salePriceCents';

/** SPEC §5's product form rules, with its messages; the server applies the same ones. */
export function validateProduct(values: ProductFormValues): {
  errors: Partial<Record<ProductField, string>>;
  input: ProductInput | null;
} {
  const errors: Partial<Record<ProductField, string>> = {};
  const name = values.name.trim();
  const description = values.description.trim();
  const priceCents = shillingsToCents(values.price);
  const quantityText = values.quantity.trim();
  const quantity = /^\d+$/.test(quantityText) ? Number(quantityText) : null;
  const salePriceCents = shillingsToCents(values.salePrice);

  if (!name) errors.name = 'Product name is required';
  if (values.categoryIds.length === 0) errors.categoryIds = 'Category is required';
  if (priceCents === null || priceCents <= 0) errors.priceCents = 'Valid price is required';
  if (quantity === null || !Number.isSafeInteger(quantity)) errors.quantity = 'Valid quantity is required';
  if (!description) errors.description = 'Description is required';
  if (values.onSale) {
    if (salePriceCents === null || salePriceCents <= 0) {
      errors.salePriceCents = 'Valid sale price is required when product is on sale';
    } else if (priceCents !== null && salePriceCents >= priceCents) {
      errors.salePriceCents = 'Sale price must be less than regular price';
    }
  }
  if (Object.keys(errors).length > 0 || priceCents === null || quantity === null) return { errors, input: null };
  return {
    errors,
    input: {
      name,
      description,
      categoryIds: values.categoryIds,
      priceCents,
      quantity,
      onSale: values.onSale,
      // Not on sale: the server stores no sale price (the form shows 0, SPEC §4).
      salePriceCents: values.onSale ? salePriceCents : null,
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
