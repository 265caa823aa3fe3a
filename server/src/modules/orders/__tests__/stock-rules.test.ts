import { canTake, fallsToLowStock, soldOutBy, stockAfter } from '../stock-rules';

// Pure rules, no database: these also run under `npm run test:mutation` (decision 0076).
describe('stock decisions', () => {
  it('lets up to what is on the shelf be taken, not one more', () => {
    expect(canTake(5, 4)).toBe(true);
    expect(canTake(5, 5)).toBe(true);
    expect(canTake(5, 6)).toBe(false);
    expect(canTake(0, 1)).toBe(false);
  });

  it('leaves the shelf less what was taken', () => {
    expect(stockAfter(5, 2)).toBe(3);
    expect(stockAfter(5, 5)).toBe(0);
  });

  it('says a take sold a product out only when it empties a shelf that had stock', () => {
    expect(soldOutBy(3, 3)).toBe(true);
    expect(soldOutBy(3, 2)).toBe(false);
    expect(soldOutBy(0, 0)).toBe(false);
    expect(soldOutBy(1, 1)).toBe(true);
  });

  it('notes low stock as it falls to the threshold, once', () => {
    expect(fallsToLowStock(5, 5, 6)).toBe(true);
    expect(fallsToLowStock(5, 0, 9)).toBe(true);
    expect(fallsToLowStock(5, 6, 7)).toBe(false);
    // Already at or under the threshold before: noted then, not again.
    expect(fallsToLowStock(5, 4, 5)).toBe(false);
    expect(fallsToLowStock(5, 3, 4)).toBe(false);
    // No level before (a new product, an admin's count): judged on the level alone.
    expect(fallsToLowStock(5, 5)).toBe(true);
    expect(fallsToLowStock(5, 6)).toBe(false);
  });
});
