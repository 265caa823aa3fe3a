import { longestRunOf, normaliseSlug, slugToCategoryText } from '../category-slug';

describe("the spec's category slug rule", () => {
  it('turns the first hyphen only into a space and upper-cases the rest', () => {
    expect(slugToCategoryText('for-women')).toBe('FOR WOMEN');
    expect(slugToCategoryText('eau-de-parfum')).toBe('EAU DE-PARFUM');
    expect(slugToCategoryText('unisex')).toBe('UNISEX');
    expect(slugToCategoryText('')).toBe('');
  });

  it('looks categories up by the slug trimmed and lower-cased', () => {
    expect(normaliseSlug('  For-Women ')).toBe('for-women');
    expect(normaliseSlug('   ')).toBe('');
  });

  it("takes a text's longest run without spaces, the first of equals", () => {
    expect(longestRunOf('FOR WOMEN')).toBe('WOMEN');
    expect(longestRunOf('GIFT SETS')).toBe('GIFT');
    expect(longestRunOf('UNISEX')).toBe('UNISEX');
    expect(longestRunOf('')).toBe('');
  });
});
