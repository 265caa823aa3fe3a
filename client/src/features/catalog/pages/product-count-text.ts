// SPEC §2 writes '{n} products'; one product reads '1 product'.
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}
