import { AppError, FieldError } from '../../core/errors';
import { likePattern } from '../../shared/search';

/** The longest search a shopper can send (the header's field stops there too); longer is BAD_USER_INPUT. */
export const maxSearchLength = 100;
/** Shorter than this (after trimming) is no search: one letter matches nearly everything and says nothing. */
export const minSearchLength = 2;

/**
 * A shopper's search text as the SQL compares it: control characters (NUL would fail the statement) and runs of
 * spaces made one space, trimmed, lower-case; '' when shorter than `minSearchLength`.
 */
export function searchQueryOf(value: string | null | undefined, field: string): string {
  if (typeof value !== 'string') return '';
  if (value.length > maxSearchLength) {
    throw AppError.badInput([FieldError.of(field, 'TOO_LONG', `A search is at most ${maxSearchLength} characters`)]);
  }
  const text = value
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
    .toLowerCase();
  return text.length >= minSearchLength ? text : '';
}

/**
 * The condition "`column` matches the search `query`" (lower-case already): it contains the text, or one of its
 * extents is like it by trigram word similarity (`<%`, at pg_trgm.word_similarity_threshold, 0.6 by default), so
 * "oudh" or "lavendar" still find "Oud…" and "Lavender…". Both are served by a trigram index on `column`.
 */
export function matchesQuery(column: string, query: string): { sql: string; params: unknown[] } {
  return {
    sql: `(${column} like ? escape '\\' or ? <% ${column})`,
    params: [likePattern(query, 'contains'), query],
  };
}
