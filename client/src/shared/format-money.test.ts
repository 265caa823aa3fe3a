import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it.each([
    [0, 'Ksh 0.00'],
    [5, 'Ksh 0.05'],
    [99, 'Ksh 0.99'],
    [100, 'Ksh 1.00'],
    [123400, 'Ksh 1,234.00'],
    [123456, 'Ksh 1,234.56'],
    [100000000, 'Ksh 1,000,000.00'],
    [-123456, '-Ksh 1,234.56'],
    [Number.MAX_SAFE_INTEGER, 'Ksh 90,071,992,547,409.91'],
  ])('formats %i cents as %s', (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %p because prices are integer cents', (value) => {
    expect(() => formatMoney(value)).toThrow(RangeError);
  });
});
