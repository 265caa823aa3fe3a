import { Availability } from '../catalog.inputs';
import { availabilityCondition, categoryTextCondition } from '../product-filter-sql';

describe("a product filter's conditions", () => {
  it("matches an unknown slug's text among candidates whose one category name holds its longest run", () => {
    const condition = categoryTextCondition('for-women');
    expect(condition.params).toEqual(['%WOMEN%', '%FOR WOMEN%']);
    expect(condition.sql).toContain('upper(named.name) like ?');
    expect(condition.sql).toContain("upper(string_agg(c.name, ' ' order by c.name)) like ?");
  });

  it("matches an unknown slug's wildcards literally", () => {
    expect(categoryTextCondition('100%_oud').params).toEqual(['%100\\%\\_OUD%', '%100\\%\\_OUD%']);
  });

  it('filters by stock only when one availability is asked for', () => {
    expect(availabilityCondition([Availability.IN_STOCK])).toBe('p.in_stock');
    expect(availabilityCondition([Availability.OUT_OF_STOCK])).toBe('not p.in_stock');
    expect(availabilityCondition([Availability.IN_STOCK, Availability.IN_STOCK])).toBe('p.in_stock');
    expect(availabilityCondition([Availability.IN_STOCK, Availability.OUT_OF_STOCK])).toBeNull();
    expect(availabilityCondition([])).toBeNull();
    expect(availabilityCondition(null)).toBeNull();
    expect(availabilityCondition(undefined)).toBeNull();
  });
});
