/** The shop's calendar: its days (a day's sales, a delivery date, dates in exports) are Nairobi's. */
export const shopTimeZone = 'Africa/Nairobi';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone });

/** Today in the shop's calendar, YYYY-MM-DD. */
export function shopToday(now = new Date()): string {
  return dayFormat.format(now);
}
