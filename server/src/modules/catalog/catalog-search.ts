import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { likePattern } from '../../shared/search';
import { maxNoteLength } from './fragrance-facts';

/** The longest search a shopper can send (the header's field stops there too); longer is BAD_USER_INPUT. */
export const maxSearchLength = 100;
/** Shorter than this (after trimming) is no search: one letter matches nearly everything and says nothing. */
export const minSearchLength = 2;
/**
 * The most matching products one search reads (decision 0064): its ranking, sorts, pages and count work over these
 * only, so no text, however built, makes a search read the whole catalogue.
 */
export const maxSearchCandidates = 300;

/**
 * The most characters of a query that trigram similarity compares. `word_similarity` costs in proportion to the
 * text's trigrams (25 µs a name for 100 letters, 6 µs for "oud"), and names are at most ~50 characters, so a longer
 * text could only match by its first words anyway.
 */
export const maxComparedLength = 40;

/**
 * The part of a query (normalised) that similarity compares: each word once, then the first `maxComparedLength`
 * characters, whole words. Trigrams are a set, so a repeated word adds none and both similarities are unchanged,
 * while PostgreSQL re-reads the text for every name it compares: "eau" twenty times ranked 300 names in 18 ms.
 */
export function similarityText(query: string): string {
  const words = [...new Set(query.split(' '))].join(' ');
  if (words.length <= maxComparedLength) return words;
  const cut = words.slice(0, maxComparedLength + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, maxComparedLength);
}

/** Refuses a search longer than `maxSearchLength` with TOO_LONG on `field`. */
export function checkSearchLength(value: string, field: string): void {
  if (value.length > maxSearchLength) {
    throw AppError.badInput([FieldError.of(field, 'TOO_LONG', `A search is at most ${maxSearchLength} characters`)]);
  }
}

/** Whether a text holds a letter or a digit: one without any can match no name's words, so it is no search. */
const hasLetterOrDigit = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * A shopper's search text as the SQL compares it: lower-case words of letters and digits, each once, one space apart. The
 * trigram match ignores punctuation, symbols and emoji anyway; kept, they made a pattern no index can narrow, so a
 * search of 100 `%` or 50 emoji read every name (issue 23). '' when shorter than `minSearchLength`.
 */
export function searchQueryOf(value: string | null | undefined, field: string): string {
  if (typeof value !== 'string') return '';
  checkSearchLength(value, field);
  // Each word once: a word repeated adds no trigram, but made the `like` a long pattern every name holding the
  // word had to be checked against.
  const words = value
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase()
    .split(' ');
  const text = [...new Set(words)].join(' ');
  return text.length >= minSearchLength ? text : '';
}

/** Whether a search text is there but holds no letter or digit: it matches nothing, answered with no statement. */
export function matchesNothing(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '' && !hasLetterOrDigit(value);
}

/**
 * The `search` filter's text ("name contains", literal: %, _ and \ are characters): trimmed, lower-case; '' for
 * none. A text with no letter or digit is `null`: it can match no product, and is answered without a statement.
 */
export function literalSearchOf(value: string | null | undefined, field: string): string | null {
  if (typeof value !== 'string') return '';
  checkSearchLength(value, field);
  const text = value.trim().toLowerCase();
  if (!text) return '';
  return hasLetterOrDigit(text) ? text : null;
}

/**
 * The condition "`column` matches the search `query`" (lower-case already): it contains the text, or one of its
 * extents is like its first words by trigram word similarity (`similarityText`; `<%`, at
 * pg_trgm.word_similarity_threshold, 0.6 by default), so
 * "oudh" or "lavendar" still find "Oud…" and "Lavender…". Both are served by a trigram index on `column`.
 */
export function matchesQuery(column: string, query: string): { sql: string; params: unknown[] } {
  return {
    sql: `(${column} like ? escape '\\' or ? <% ${column})`,
    params: [likePattern(query, 'contains'), similarityText(query)],
  };
}

/** Ids as one PostgreSQL array parameter (`?::int[]`): a JavaScript array would be spread into a list. */
export const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The most words of a query looked up as notes, besides the whole query. */
export const maxNoteTerms = 6;

/**
 * The notes a query may name (decision 0084): the whole query ("pink pepper") and its first `maxNoteTerms` words of
 * three letters or more ("oud", "vanilla"), each at most `maxNoteLength` characters as notes are.
 */
export function noteTermsOf(query: string): string[] {
  const words = query.split(' ').filter((word) => word.length >= 3);
  return [...new Set([query, ...words.slice(0, maxNoteTerms)])].filter((term) => term.length <= maxNoteLength);
}

export type SearchMatch = { kind: 'query' | 'search'; text: string };

const candidatesByRequest = new WeakMap<RequestContext, Map<string, Promise<number[]>>>();

/**
 * The ids of at most `maxSearchCandidates` shown products matching a search, in no particular order: a shopper's
 * query (`matchesQuery`) or the literal `search` filter. One statement per request and search, however many lists,
 * counts and aliases ask (the results page asks twice); it stops at the bound, so its rows read are bounded by the
 * matches the trigram index yields, never by the catalogue (decision 0064).
 */
export function searchCandidates(ctx: RequestContext, match: SearchMatch): Promise<number[]> {
  let held = candidatesByRequest.get(ctx);
  if (!held) candidatesByRequest.set(ctx, (held = new Map()));
  const key = `${match.kind}:${match.text}`;
  let candidates = held.get(key);
  if (!candidates) {
    const select = candidatesSelect(match);
    candidates = ctx.em
      .getConnection()
      .execute<{ id: number }[]>(select.sql, select.params)
      .then((rows) => rows.map((row) => row.id));
    held.set(key, candidates);
  }
  return candidates;
}

/**
 * The select of a search's candidates (a column `id`, then `name` lower-cased), to read alone or inside another.
 *
 * The match is a materialised CTE read until the bound: planned for all its rows, it is a bitmap scan of the GIN
 * trigram index (0011), where the planner, told of the LIMIT, chose to scan the table and evaluate `<%` on every
 * name until 300 matched (9,249 names for "oud", 70 ms) or to walk the partial GiST index whole (10–40 ms). So that
 * the GiST index's predicate does not draw it there, archived products are dropped after the match, not in it.
 *
 * A query's match is one the trigram index narrows to what it matches. The literal `search` is not: its %, _, \
 * and other characters are no trigrams, so the index yields every name holding its words and the exact `like`
 * would drop them one by one (`a` and 99 wildcards read all 50,019). Its bound is put on its longest word first
 * (the first names holding it), and the exact text is checked on those only. A rare word under 3 characters has no
 * trigram either: that one still scans (a cheap `like`), under the statement timeout.
 */
export function candidatesSelect(match: SearchMatch): { sql: string; params: unknown[] } {
  const bounded = (condition: string) =>
    `with matched as materialized (select p.id, p.archived_at, lower(p.name) as name from products p
                                   where ${condition})
     select matched.id, matched.name from matched where matched.archived_at is null limit ${maxSearchCandidates}`;
  if (match.kind === 'query') {
    const condition = matchesQuery('lower(p.name)', match.text);
    const notes = noteTermsOf(match.text);
    // Then the products having a note the shopper named (decision 0084), the names' matches first: through the GIN
    // index on notes (0024), whose predicate the shown condition meets; `union all` keeps reading lazily to the bound.
    return {
      sql: `with matched as materialized (
          select p.id, p.archived_at, lower(p.name) as name from products p where ${condition.sql}
          union all
          select p.id, p.archived_at, lower(p.name) from products p
           where p.archived_at is null and p.notes && array[${notes.map(() => '?').join(', ')}]::text[]
             and not coalesce(${condition.sql}, false))
        select matched.id, matched.name from matched where matched.archived_at is null limit ${maxSearchCandidates}`,
      params: [...condition.params, ...notes, ...condition.params],
    };
  }
  const longestWord = (match.text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).reduce(
    (longest, word) => (word.length > longest.length ? word : longest),
    '',
  );
  return {
    sql: `select c.id, c.name from (${bounded(`lower(p.name) like ? escape '\\'`)}) c where c.name like ? escape '\\'`,
    params: [likePattern(longestWord, 'contains'), likePattern(match.text, 'contains')],
  };
}
