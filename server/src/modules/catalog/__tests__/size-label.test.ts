import { Concentration } from '../product-variant.entity';
import { nameWithSize, orderLineName, sizeLabel } from '../size-label';
import { normaliseNotes } from '../fragrance-facts';
import { orderLinesSummary } from '../../orders/order-lines-summary';

describe('how a size is named', () => {
  it('says the size, whether it is a decant, and the concentration, leaving out what is unknown', () => {
    expect(sizeLabel({ sizeMl: 50, concentration: Concentration.EAU_DE_TOILETTE, isSample: false })).toBe(
      '50 ml · Eau de Toilette',
    );
    expect(sizeLabel({ sizeMl: 5, concentration: Concentration.EAU_DE_PARFUM, isSample: true })).toBe(
      '5 ml decant · Eau de Parfum',
    );
    expect(sizeLabel({ sizeMl: 100, concentration: null, isSample: false })).toBe('100 ml');
    expect(sizeLabel({ sizeMl: null, concentration: Concentration.PARFUM, isSample: false })).toBe('Parfum/Extrait');
    expect(sizeLabel({ sizeMl: null, concentration: null, isSample: true })).toBe('Sample');
    // A one-size product from before sizes says nothing of its size.
    expect(sizeLabel({ sizeMl: null, concentration: null, isSample: false })).toBe('');
  });

  it('names a product with its size only when the size says something', () => {
    expect(nameWithSize('Oud Savanna', { sizeMl: 5, concentration: null, isSample: true })).toBe(
      'Oud Savanna (5 ml decant)',
    );
    expect(nameWithSize('Plain Musk', { sizeMl: null, concentration: null, isSample: false })).toBe('Plain Musk');
    expect(orderLineName('Oud Savanna', '')).toBe('Oud Savanna');
  });

  it("writes an order's lines as the admin's lists and exports show them", () => {
    expect(
      orderLinesSummary([
        { name: 'Oud Savanna', size: '5 ml decant · Eau de Parfum', quantity: 2 },
        { name: 'Plain Musk', size: '', quantity: 1 },
      ]),
    ).toBe('2 x Oud Savanna (5 ml decant · Eau de Parfum); 1 x Plain Musk');
    expect(orderLinesSummary([])).toBe('');
  });
});

describe('notes as stored', () => {
  it('are trimmed, single-spaced, lower case and each kept once, in the order given', () => {
    expect(normaliseNotes(['  Vanilla ', 'Pink   Pepper', 'vanilla', '', 'OUD'])).toEqual([
      'vanilla',
      'pink pepper',
      'oud',
    ]);
  });
});
