import { countText } from '../../../shared/count-text';

// SPEC §2 writes '{n} products'; one product reads '1 product'.
export function productCountText(count: number): string {
  return countText(count, 'product');
}
