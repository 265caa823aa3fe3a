import { ProductSort } from '../catalog.inputs';
import { maxComparedLength } from '../catalog-search';
import { productOrderBy, productPageSelect, relatedLookahead, relatedProductsSelect } from '../product-query-sql';

const filter = { where: 'p.archived_at is null and p.id = any(?::int[])', params: [[3, 1, 2]] };
const page = { limit: 24, offset: 48 };

describe("a product page's statement", () => {
  it.each(Object.values(ProductSort).filter((sort) => sort !== ProductSort.RELEVANCE))(
    'orders by %s, then the filter, the limit and the offset, with nothing to rank by',
    (sort) => {
      const select = productPageSelect(filter, sort, 'oud', page);
      expect(select.sql.startsWith(`select p.id from products p where ${filter.where}\n`)).toBe(true);
      expect(select.sql).toContain(`order by ${productOrderBy[sort]} limit ? offset ?`);
      expect(select.params).toEqual([[3, 1, 2], 24, 48]);
      expect(select.rankingValues).toBe(0);
    },
  );

  it("ranks by the query's similarity, its two texts first, ordering by the select list's own columns", () => {
    const select = productPageSelect(filter, ProductSort.RELEVANCE, 'oud', page);
    expect(select.sql).toContain('select p.id, word_similarity(?, lower(p.name)) as relevance');
    expect(select.sql).toContain('order by relevance desc, closeness desc, p.id limit ? offset ?');
    expect(select.params).toEqual(['oud', 'oud', [3, 1, 2], 24, 48]);
    expect(select.rankingValues).toBe(2);
  });

  it('compares only the start of a long query', () => {
    const long = 'amber oud rose vanilla musk cedar vetiver iris neroli';
    const select = productPageSelect(filter, ProductSort.RELEVANCE, long, page);
    const text = String(select.params[0]);
    expect(text).toBe('amber oud rose vanilla musk cedar');
    expect(text.length).toBeLessThanOrEqual(maxComparedLength);
  });

  it('compares each word of the query once (trigrams are a set: the similarities are the same)', () => {
    const select = productPageSelect(filter, ProductSort.RELEVANCE, `${'amber '.repeat(10)}oud amber`, page);
    expect(select.params.slice(0, 2)).toEqual(['amber oud', 'amber oud']);
  });

  it('takes RELEVANCE without a query as the default order', () => {
    expect(productPageSelect(filter, ProductSort.RELEVANCE, '', page)).toEqual(
      productPageSelect(filter, ProductSort.BEST_SELLING, '', page),
    );
  });

  it('ends every order in the id, so pages never overlap', () => {
    for (const order of Object.values(productOrderBy)) expect(order).toMatch(/p\.id( desc)?$/);
  });
});

describe('"You may also like"', () => {
  it('leaves the product out, looks ahead a bounded number of members and takes the newest first', () => {
    const select = relatedProductsSelect(42, 8);
    expect(select.params).toEqual([42, relatedLookahead, 8, 42, 8]);
    expect(select.sql).toMatch(/order by p\.id desc limit \?$/);
    expect(select.rankingValues).toBe(0);
  });
});
