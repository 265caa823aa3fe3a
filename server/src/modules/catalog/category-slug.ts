/** The spec's rule for a category slug: first hyphen to a space, upper-case ("for-women" → "FOR WOMEN"). */
export function slugToCategoryText(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

/** A slug as categories are looked up by: trimmed, lower-case. */
export const normaliseSlug = (slug: string) => slug.trim().toLowerCase();

/** The longest run of a category text without spaces (the first of equals): it lies inside one category name. */
export function longestRunOf(text: string): string {
  return text.split(' ').reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}
