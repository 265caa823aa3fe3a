// SPEC §2: the slug's first hyphen becomes a space and the result is upper-cased ('for-women' -> 'FOR WOMEN');
// that text is also what products' category strings are matched against.
export function categoryTitleFromSlug(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}
