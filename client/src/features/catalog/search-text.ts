/** The server suggests nothing below this (decision 0051); neither does the header's box ask. */
export const MIN_SEARCH_LENGTH = 2;
/** The server refuses longer searches; the field stops there. */
export const MAX_SEARCH_LENGTH = 100;

/** The results page for a search. */
export function searchPath(text: string): string {
  return `/search?q=${encodeURIComponent(text.trim())}`;
}

/** The /search page's title, worded as the server writes it into the head (server/src/http/pages.ts). */
export function searchTitle(query: string): string {
  return query ? `Search results for “${query}”` : 'Search';
}
