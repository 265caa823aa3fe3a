// The shop is in Kenya: dates read the same on every device (and in tests) whatever its time zone. Kenya keeps East
// Africa Time, UTC+3 all year (no daylight saving since 1942), so the shop's clock is UTC shifted by three hours.
// Written out rather than through Intl.DateTimeFormat: building the first formatter loads the browser's time-zone and
// locale data, one ~110 ms task on a throttled phone before the home page could answer (decision 0094).
const eastAfricaTimeOffsetMs = 3 * 3_600_000;
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The wall clock in Nairobi at `iso`, or undefined for an unreadable timestamp. */
function nairobiClock(iso: string): Date | undefined {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? undefined : new Date(time + eastAfricaTimeOffsetMs);
}

function dayOf(clock: Date): string {
  return `${clock.getUTCDate()} ${monthNames[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

// An unreadable timestamp is shown as it came rather than breaking the page.

/** A day as the shop shows it: '21 Nov 2026' (as en-KE's medium date style writes it). */
export function formatDate(iso: string): string {
  const clock = nairobiClock(iso);
  return clock ? dayOf(clock) : iso;
}

/** A moment as the shop shows it: '21 Nov 2026, 14:05' (en-KE's medium date and short time). */
export function formatDateTime(iso: string): string {
  const clock = nairobiClock(iso);
  return clock ? `${dayOf(clock)}, ${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}` : iso;
}
