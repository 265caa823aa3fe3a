import { centsToDecimal, centsToShillings, formatKsh, shillingsToCents } from '../money';

describe('money at the REST edge', () => {
  it.each([
    ['8500', 850000],
    ['8500.5', 850050],
    ['8500.05', 850005],
    [' 0.10 ', 10],
    [1234.56, 123456],
    [0.29, 29],
  ])('parses %j shillings as %d cents without float error', (input, cents) => {
    expect(shillingsToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1.234', '1e3', null, undefined, {}, ['8500'], [8500]])('refuses %j', (input) => {
    expect(shillingsToCents(input)).toBeUndefined();
  });

  it('shows cents as shillings', () => {
    expect(centsToShillings(850050)).toBe(8500.5);
  });
});

describe('formatKsh', () => {
  it.each([
    [0, 'Ksh 0.00'],
    [5, 'Ksh 0.05'],
    [99_950, 'Ksh 999.50'],
    [123_400, 'Ksh 1,234.00'],
    [123_456_789, 'Ksh 1,234,567.89'],
    [-730_050, '-Ksh 7,300.50'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatKsh(cents)).toBe(text);
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_450, '1234.50'],
    [-1_005, '-10.05'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});
