import fc from 'fast-check';
import { formatDate, formatDateTime } from './format-date';

// What the shop showed before (and what a browser's Intl writes): the reference the written-out formats must match.
const intlDate = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });
const intlDateTime = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Nairobi',
});

describe('formatDate and formatDateTime', () => {
  it('write a moment in Nairobi time, whatever the device’s zone', () => {
    expect(formatDate('2026-11-21T11:05:00Z')).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-21T11:05:00Z')).toBe('21 Nov 2026, 14:05');
    // 23:59 UTC is already the next morning in Nairobi.
    expect(formatDate('2026-01-02T23:59:00Z')).toBe('3 Jan 2026');
    expect(formatDateTime('2026-01-02T23:59:00Z')).toBe('3 Jan 2026, 02:59');
    expect(formatDateTime('2026-12-31T21:00:00.000Z')).toBe('1 Jan 2027, 00:00');
  });

  it('match en-KE’s medium date and short time for any moment since 1970', () => {
    const moments = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2200-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(moments, (moment) => {
        const iso = moment.toISOString();
        expect(formatDate(iso)).toBe(intlDate.format(moment));
        expect(formatDateTime(iso)).toBe(intlDateTime.format(moment));
      }),
      { numRuns: 2000 },
    );
  });

  it('show an unreadable timestamp as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime('')).toBe('');
  });
});
