// The shop is in Kenya: dates read the same on every device (and in tests) whatever its time zone.
const dateFormat = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeZone: 'Africa/Nairobi' });

const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Nairobi',
});

// An unreadable timestamp is shown as it came rather than breaking the page.
function formatWith(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** A day as the shop shows it: '21 Nov 2026'. */
export function formatDate(iso: string): string {
  return formatWith(dateFormat, iso);
}

/** A moment as the shop shows it: '21 Nov 2026, 14:05'. */
export function formatDateTime(iso: string): string {
  return formatWith(dateTimeFormat, iso);
}
