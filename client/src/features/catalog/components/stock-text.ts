import type { SizeSelector_VariantFragment } from '../api/size-selector.generated';

/** At or below this many, a size says how many are left. */
export const FEW_LEFT = 5;

/** "Sold out", "Only 3 left", or nothing when there are plenty. */
export function stockText(size: Pick<SizeSelector_VariantFragment, 'inStock' | 'quantity'>): string | null {
  if (!size.inStock) return 'Sold out';
  return size.quantity <= FEW_LEFT ? `Only ${size.quantity} left` : null;
}
