/** A LIKE pattern that matches `text` literally: %, _ and \ in what a person typed are not wildcards. */
export function likePattern(text: string, where: 'contains' | 'prefix'): string {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/** A search box's text, trimmed and capped; empty means no search. */
export function searchText(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 100) : '';
}
