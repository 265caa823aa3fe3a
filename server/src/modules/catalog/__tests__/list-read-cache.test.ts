import { cacheTag } from '../../../events/catalogue-change';
import { listTagsOf } from '../catalog-cache-tags';
import { Availability } from '../catalog.inputs';
import { dropListsAffectedBy, ListReadCache } from '../list-read-cache';

/** A read that counts how often it reached "the database". */
function counted<Value>(value: Value) {
  const read = async () => {
    read.calls += 1;
    return value;
  };
  read.calls = 0;
  return read;
}

const plain = listTagsOf(null);
const inStock = listTagsOf({ availability: [Availability.IN_STOCK] });
const category = listTagsOf({ categorySlug: 'for-women' });

describe('the list read cache', () => {
  it('answers a read it holds without reading again', async () => {
    const cache = new ListReadCache(1024 * 1024, null);
    const page = counted([3, 1, 2]);
    expect(await cache.read('page', plain, page)).toEqual([3, 1, 2]);
    expect(await cache.read('page', plain, page)).toEqual([3, 1, 2]);
    const count = counted(42);
    expect(await cache.read('count', plain, count)).toBe(42);
    expect(await cache.read('count', plain, count)).toBe(42);
    expect([page.calls, count.calls]).toEqual([1, 1]);
  });

  it('keeps a read from the second time it is asked for, so one-off filters fill nothing', async () => {
    const cache = new ListReadCache(1024 * 1024);
    const read = counted(7);
    await cache.read('count:once', plain, read);
    expect(cache.size).toBe(0);
    await cache.read('count:once', plain, read);
    await cache.read('count:once', plain, read);
    expect([cache.size, read.calls]).toEqual([1, 2]);
  });

  it('does not keep a read that a change it depends on overtook', async () => {
    const cache = new ListReadCache(1024 * 1024, null);
    let release: () => void = () => undefined;
    const slow = cache.read('page', plain, () => new Promise<number[]>((resolve) => (release = () => resolve([1]))));
    cache.drop([cacheTag.productList]);
    release();
    expect(await slow).toEqual([1]);
    expect(cache.size).toBe(0);
    // A change to something it does not depend on does not stop it.
    const other = cache.read('page', plain, () => new Promise<number[]>((resolve) => (release = () => resolve([2]))));
    cache.drop([cacheTag.availability]);
    release();
    await other;
    expect(cache.size).toBe(1);
  });

  it("keeps a filter's facet counts as a copy nobody can change", async () => {
    const cache = new ListReadCache(1024 * 1024, null);
    const facets = { notes: [{ note: 'vanilla', count: 3 }], total: 3 };
    expect(await cache.read('facets', plain, async () => facets)).toBe(facets);
    facets.notes[0]!.count = 99;
    const held = await cache.read('facets', plain, async () => ({ notes: [], total: 0 }));
    expect(held).toEqual({ notes: [{ note: 'vanilla', count: 3 }], total: 3 });
    expect(() => {
      (held.notes[0] as unknown as { count: number }).count = 1;
    }).toThrow(TypeError);
  });

  it('stays within its bytes, the least recently read out first', async () => {
    const cache = new ListReadCache(4_000, null);
    for (let index = 0; index < 50; index += 1) await cache.read(`page:${index}`, plain, async () => [index]);
    expect(cache.calculatedBytes).toBeLessThanOrEqual(4_000);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(50);
    const first = counted([0]);
    await cache.read('page:0', plain, first);
    expect(first.calls).toBe(1);
  });
});

describe('what a catalogue change does to lists', () => {
  const filled = async () => {
    const cache = new ListReadCache(1024 * 1024, null);
    await cache.read('plain', plain, async () => [1]);
    await cache.read('in stock', inStock, async () => [1]);
    await cache.read('category', category, async () => [1]);
    return cache;
  };
  const held = async (cache: ListReadCache) => {
    const names: string[] = [];
    for (const [name, tags] of [
      ['plain', plain],
      ['in stock', inStock],
      ['category', category],
    ] as const) {
      const read = counted([1]);
      await cache.read(name, tags, read);
      if (read.calls === 0) names.push(name);
    }
    return names;
  };

  it('keeps every list for a stock change or a review that moves no list', async () => {
    const cache = await filled();
    dropListsAffectedBy(cache, { stockChangedIds: [1] });
    dropListsAffectedBy(cache, { productIds: [1] });
    dropListsAffectedBy(cache, { reviewsChanged: true, reviewedProductIds: [1] });
    expect(await held(cache)).toEqual(['plain', 'in stock', 'category']);
  });

  it('drops the lists filtered by availability when an in-stock flag flips', async () => {
    const cache = await filled();
    dropListsAffectedBy(cache, { stockChangedIds: [1], inStockFlippedIds: [1] });
    expect(await held(cache)).toEqual(['plain', 'category']);
  });

  it('drops every list when what lists show changes, a category changes, or for "everything"', async () => {
    for (const change of [{ productIds: [1], listsChanged: true }, { categoryIds: [2] }, { everything: true }]) {
      const cache = await filled();
      dropListsAffectedBy(cache, change);
      expect([change, cache.size]).toEqual([change, 0]);
    }
  });
});
