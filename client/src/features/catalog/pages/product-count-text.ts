import { countText } from '../../../shared/count-text';

/** The most products a search reads (the server's maxSearchCandidates, decision 0064): its count stops there. */
export const searchResultsCap = 300;

// SPEC §2 writes '{n} products'; one product reads '1 product'. A search's count at its cap reads '300+ products'.
export function productCountText(count: number, searched = false): string {
  return searched && count >= searchResultsCap ? `${searchResultsCap}+ products` : countText(count, 'product');
}
