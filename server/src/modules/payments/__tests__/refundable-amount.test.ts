import { refundAmount, refundableCents } from '../refundable-amount';

// Pure rules, no database: these also run under `npm run test:mutation` (decision 0076).
describe('what is left to refund', () => {
  it('is the payment less what live refunds hold, never below nothing', () => {
    expect(refundableCents(1_000_000, 0)).toBe(1_000_000);
    expect(refundableCents(1_000_000, 400_000)).toBe(600_000);
    expect(refundableCents(1_000_000, 1_000_000)).toBe(0);
    expect(refundableCents(1_000_000, 1_200_000)).toBe(0);
  });
});

describe('a refund amount', () => {
  it('is everything left when none is asked', () => {
    expect(refundAmount(null, 1_000_000, 400_000)).toEqual({ cents: 600_000 });
    expect(refundAmount(null, 1, 0)).toEqual({ cents: 1 });
  });

  it('is what is asked, from 1 cent up to exactly what is left', () => {
    expect(refundAmount(1, 1_000_000, 400_000)).toEqual({ cents: 1 });
    expect(refundAmount(600_000, 1_000_000, 400_000)).toEqual({ cents: 600_000 });
  });

  it('is refused above what is left, or when nothing is', () => {
    expect(refundAmount(600_001, 1_000_000, 400_000)).toEqual({ refused: 'tooLarge' });
    expect(refundAmount(0, 1_000_000, 0)).toEqual({ refused: 'tooLarge' });
    expect(refundAmount(1, 1_000_000, 1_000_000)).toEqual({ refused: 'tooLarge' });
    expect(refundAmount(null, 1_000_000, 1_000_000)).toEqual({ refused: 'fullyRefunded' });
  });
});
