import { productCountText, searchResultsCap } from './product-count-text';

describe('productCountText', () => {
  it('counts products, and a search that reached its bound as "300+" (decision 0064)', () => {
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(300)).toBe('300 products');
    expect(productCountText(299, true)).toBe('299 products');
    expect(productCountText(searchResultsCap, true)).toBe('300+ products');
  });
});
