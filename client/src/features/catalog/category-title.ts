// SPEC §2: the slug's first hyphen becomes a space and the result is upper-cased ('for-women' -> 'FOR WOMEN');
// that text is also what products' category strings are matched against.
export function categoryTitleFromSlug(slug: string): string {
  return slug.replace('-', ' ').toUpperCase();
}

/**
 * The category page's title and description for the head, worded as the server writes them
 * (server/src/modules/catalog/catalog.pages.ts) so the head reads the same before and after the client starts.
 */
export function categoryHead(title: string, description: string | null | undefined) {
  const name = title.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
  const shop = `Shop ${name.toLowerCase()} at Manukato, delivered across Kenya.`;
  return { title: `${name} perfumes`, description: description ? `${description} ${shop}` : shop };
}
