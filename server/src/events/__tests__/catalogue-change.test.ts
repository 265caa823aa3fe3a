import { dropAnswersAffectedBy } from '../../http/cache-responses';
import { ResponseCache } from '../../http/response-cache';
import { decodeChange, encodeChange, maxPayloadBytes, tagsAffectedBy } from '../catalogue-change';

const answer = (text: string) => ({
  status: 200,
  contentType: 'application/json',
  cacheControl: 'public, no-cache',
  body: Buffer.from(text),
});

describe('a catalogue change as a NOTIFY payload', () => {
  it('names its ids while they fit, and becomes "everything" when they would not', () => {
    const small = encodeChange({ id: 'e1', productIds: [1, 2], listsChanged: true });
    expect(decodeChange(JSON.parse(small))).toEqual({ id: 'e1', productIds: [1, 2], listsChanged: true });
    const ids = Array.from({ length: 5_000 }, (_, index) => 100_000 + index);
    const large = encodeChange({ id: 'e2', stockChangedIds: ids });
    expect(Buffer.byteLength(large)).toBeLessThan(maxPayloadBytes);
    expect(JSON.parse(large)).toEqual({ id: 'e2', everything: true });
  });

  it('reads an unexpected payload as "everything"', () => {
    expect(decodeChange({ id: 'e3', productIds: ['1; drop table'] })).toEqual({ id: 'e3', everything: true });
    expect(decodeChange('nonsense')).toEqual({ id: '', everything: true });
    expect(decodeChange({ id: 'e4', reviewedProductIds: ['x'] })).toEqual({ id: 'e4', everything: true });
  });

  it('affects the tags of what it changed', () => {
    expect(tagsAffectedBy({ stockChangedIds: [5] })).toEqual(['product:5']);
    expect(tagsAffectedBy({ stockChangedIds: [5], inStockFlippedIds: [5] })).toEqual(['product:5', 'availability']);
    expect(tagsAffectedBy({ productIds: [7], listsChanged: true })).toEqual(['product:7', 'product-list']);
    expect(tagsAffectedBy({ categoryIds: [2] })).toEqual(['categories', 'product-list']);
    expect(tagsAffectedBy({ reviewsChanged: true })).toEqual(['reviews']);
    // A product's reviews drop that product's review answers (its page), not the shop's reviews or the product.
    expect(tagsAffectedBy({ reviewedProductIds: [4] })).toEqual(['product-reviews:4']);
    expect(tagsAffectedBy({ everything: true })).toBe('everything');
  });
});

describe('the response cache drops by tag', () => {
  it('drops only the answers made from what changed', () => {
    const cache = new ResponseCache(1_000_000, { admission: null });
    cache.store('page:5', cache.generation, ['product:5', 'reviews'], answer('five'));
    cache.store('page:6', cache.generation, ['product:6', 'reviews'], answer('six'));
    cache.store('in-stock list', cache.generation, ['product-list', 'availability', 'product:6'], answer('list'));
    dropAnswersAffectedBy(cache, { stockChangedIds: [5] });
    expect(cache.lookup('page:5')).toBeUndefined();
    expect(cache.lookup('page:6')).toBeDefined();
    expect(cache.lookup('in-stock list')).toBeDefined();
    dropAnswersAffectedBy(cache, { stockChangedIds: [7], inStockFlippedIds: [7] });
    expect(cache.lookup('in-stock list')).toBeUndefined();
    expect(cache.lookup('page:6')).toBeDefined();
    dropAnswersAffectedBy(cache, { everything: true });
    expect(cache.size).toBe(0);
  });

  it('refuses an answer begun before a change to what it read, and keeps one that read something else', () => {
    const cache = new ResponseCache(1_000_000, { admission: null });
    const begun = cache.generation;
    cache.drop(['product:5']);
    cache.store('page:5', begun, ['product:5'], answer('old five'));
    cache.store('page:6', begun, ['product:6'], answer('six'));
    expect(cache.lookup('page:5')).toBeUndefined();
    expect(cache.lookup('page:6')).toBeDefined();
    cache.clear();
    cache.store('page:6', begun, ['product:6'], answer('six'));
    expect(cache.lookup('page:6')).toBeUndefined();
  });

  it('keeps its tag index in step with evictions, replacements and its byte bound', () => {
    const cache = new ResponseCache(20_000, { admission: null });
    for (let index = 0; index < 100; index += 1) {
      cache.store(`page:${index}`, cache.generation, [`product:${index}`, 'product-list'], answer('x'.repeat(500)));
    }
    expect(cache.calculatedBytes).toBeLessThanOrEqual(20_000);
    cache.store('page:99', cache.generation, ['product:99'], answer('replaced'));
    expect(cache.tagsOf('page:99')).toEqual(['product:99']);
    // The replaced entry's old tag no longer reaches it; the live one still does.
    const held = cache.size;
    expect(cache.drop(['product-list'])).toBe(held - 1);
    expect(cache.drop(['product:99'])).toBe(1);
    expect(cache.size).toBe(0);
  });
});
