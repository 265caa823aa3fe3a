/**
 * The shop's stock decisions as pure functions of quantities (decision 0076): checkout, the cart, stock taken
 * back and the low-stock note ask these, so a wrong comparison is caught by their unit and mutation tests. The
 * cart's one-statement add keeps its own SQL condition (it must decide and write atomically); its tests pin it.
 */

/** Whether `wanted` units can be had from a shelf holding `onShelf`. */
export function canTake(onShelf: number, wanted: number): boolean {
  return wanted <= onShelf;
}

/** What is left on the shelf once `taken` units are gone. */
export function stockAfter(onShelf: number, taken: number): number {
  return onShelf - taken;
}

/** Whether taking `taken` units empties a shelf that had stock: listings filtered by availability lose it. */
export function soldOutBy(onShelf: number, taken: number): boolean {
  return onShelf > 0 && stockAfter(onShelf, taken) === 0;
}

/**
 * Whether a stock level calls for the low-stock note: at or under the threshold, and (when the level before is
 * known) only as it crosses it, so each fall is noted once.
 */
export function fallsToLowStock(threshold: number, quantity: number, previousQuantity?: number): boolean {
  return quantity <= threshold && (previousQuantity === undefined || previousQuantity > threshold);
}
