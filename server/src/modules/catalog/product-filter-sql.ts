import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { likePattern } from '../../shared/search';
import { Availability, type ProductFilter } from './catalog.inputs';
import { maxNoteLength, normaliseNotes } from './fragrance-facts';
import { ScentFamily } from './product.entity';
import { Concentration } from './product-variant.entity';
import { literalSearchOf, matchesNothing, searchCandidates, searchQueryOf } from './catalog-search';
import { findCategoryBySlug } from './category-reads';
import { longestRunOf, slugToCategoryText } from './category-slug';

/** What a filter makes over `p`: its WHERE clause and values, or `none` when it can match nothing. */
export interface FilterConditions {
  where: string;
  params: unknown[];
  none: boolean;
}

/**
 * The spec's rule for a slug no category has: the slug's text is a substring of the product's category text (its
 * names, by name, joined by spaces). A run of the text without spaces lies inside one name, so only products in a
 * category whose name holds the text's longest run are candidates: an unknown slug costs nothing.
 */
export function categoryTextCondition(slug: string): { sql: string; params: unknown[] } {
  const text = slugToCategoryText(slug);
  return {
    sql: `p.id in (select pc.product_id from product_categories pc
        join categories c on c.id = pc.category_id
        where pc.product_id in (select candidate.product_id from product_categories candidate
          join categories named on named.id = candidate.category_id where upper(named.name) like ? escape '\\')
        group by pc.product_id having upper(string_agg(c.name, ' ' order by c.name)) like ? escape '\\')`,
    params: [likePattern(longestRunOf(text), 'contains'), likePattern(text, 'contains')],
  };
}

/** The condition one availability makes; none for both or neither (every product is one or the other). */
export function availabilityCondition(availability: readonly Availability[] | null | undefined): string | null {
  const asked = new Set(availability ?? []);
  if (asked.size !== 1) return null;
  return asked.has(Availability.IN_STOCK) ? 'p.in_stock' : 'not p.in_stock';
}

/** The most notes and sizes one filter may name (a shopper ticks a few; more is a hostile request). */
export const maxFilterNotes = 10;
export const maxFilterSizes = 20;

/** The fragrance facets a filter narrows by (decision 0084). */
export type FacetName = 'scentFamilies' | 'notes' | 'concentrations' | 'sizes' | 'price';

/** One facet's condition over `p`, with its values. */
export interface FacetCondition {
  facet: FacetName;
  sql: string;
  params: unknown[];
}

/** A filter's facet selections, checked and normalised; `none` when they can match nothing (min above max). */
export interface FacetSelection {
  scentFamilies: ScentFamily[];
  notes: string[];
  concentrations: Concentration[];
  sizesMl: number[];
  minPriceCents: number | null;
  maxPriceCents: number | null;
  none: boolean;
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * A filter's facet selections, or BAD_USER_INPUT: at most `maxFilterNotes` notes of at most `maxNoteLength`
 * characters (compared as stored: trimmed, spaces collapsed, lower case), at most `maxFilterSizes` sizes, prices and
 * sizes not negative. Values are kept in their enum's order so equal selections read alike.
 */
export function facetSelectionOf(filter: ProductFilter | null | undefined): FacetSelection {
  const problems: FieldError[] = [];
  const notes = normaliseNotes(filter?.notes ?? []);
  if (notes.length > maxFilterNotes) {
    problems.push(FieldError.of('filter.notes', 'OUT_OF_RANGE', `At most ${maxFilterNotes} notes`));
  }
  if (notes.some((note) => note.length > maxNoteLength)) {
    problems.push(FieldError.of('filter.notes', 'TOO_LONG', `A note is at most ${maxNoteLength} characters`));
  }
  const sizesMl = [...new Set(filter?.sizesMl ?? [])].sort((a, b) => a - b);
  if (sizesMl.length > maxFilterSizes) {
    problems.push(FieldError.of('filter.sizesMl', 'OUT_OF_RANGE', `At most ${maxFilterSizes} sizes`));
  }
  if (sizesMl.some((size) => size <= 0)) {
    problems.push(FieldError.of('filter.sizesMl', 'OUT_OF_RANGE', 'A size is a positive number of ml'));
  }
  const minPriceCents = filter?.minPriceCents ?? null;
  const maxPriceCents = filter?.maxPriceCents ?? null;
  for (const [field, value] of [
    ['filter.minPriceCents', minPriceCents],
    ['filter.maxPriceCents', maxPriceCents],
  ] as const) {
    if (value !== null && value < 0) problems.push(FieldError.of(field, 'OUT_OF_RANGE', 'A price is not negative'));
  }
  if (problems.length > 0) throw AppError.badInput(problems);
  const families = new Set(filter?.scentFamilies ?? []);
  const concentrations = new Set(filter?.concentrations ?? []);
  return {
    scentFamilies: Object.values(ScentFamily).filter((family) => families.has(family)),
    notes,
    concentrations: Object.values(Concentration).filter((concentration) => concentrations.has(concentration)),
    sizesMl,
    minPriceCents,
    maxPriceCents,
    none: minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents,
  };
}

/** Whether a filter narrows by any fragrance facet (checked: refuses what facetSelectionOf refuses). */
export function hasFacetSelection(filter: ProductFilter | null | undefined): boolean {
  const selection = facetSelectionOf(filter);
  return selection.none || facetConditions(selection).length > 0;
}

/**
 * Each chosen facet's condition over `p` (decision 0084), each a test of the product's facet terms (migration 0026,
 * decision 0089), so one GIN index scan intersects them all: families, concentrations and sizes match any value
 * chosen (`&&`); notes match products having all of them (`@>`). A price range matches products selling a size
 * priced inside it (its sale price when on sale), narrowed first by the product's cheapest and dearest sizes. Texts
 * go one placeholder each (MikroORM would spread an array into a list).
 */
export function facetConditions(selection: FacetSelection): FacetCondition[] {
  const conditions: FacetCondition[] = [];
  const terms = (prefix: string, values: readonly (string | number)[]) => values.map((value) => `${prefix}:${value}`);
  if (selection.scentFamilies.length > 0) {
    conditions.push({
      facet: 'scentFamilies',
      sql: `p.facet_terms && array[${placeholders(selection.scentFamilies.length)}]::text[]`,
      params: terms('family', selection.scentFamilies),
    });
  }
  if (selection.notes.length > 0) {
    conditions.push({
      facet: 'notes',
      sql: `p.facet_terms @> array[${placeholders(selection.notes.length)}]::text[]`,
      params: terms('note', selection.notes),
    });
  }
  if (selection.concentrations.length > 0) {
    conditions.push({
      facet: 'concentrations',
      sql: `p.facet_terms && array[${placeholders(selection.concentrations.length)}]::text[]`,
      params: terms('concentration', selection.concentrations),
    });
  }
  if (selection.sizesMl.length > 0) {
    conditions.push({
      facet: 'sizes',
      sql: `p.facet_terms && array[${placeholders(selection.sizesMl.length)}]::text[]`,
      params: terms('size', selection.sizesMl),
    });
  }
  const { minPriceCents: min, maxPriceCents: max } = selection;
  if (min !== null && max !== null) {
    conditions.push({
      facet: 'price',
      sql: `(p.max_price_cents >= ? and p.min_price_cents <= ? and exists (select 1 from product_variants v
              where v.product_id = p.id and v.archived_at is null and v.effective_price_cents between ? and ?))`,
      params: [min, max, min, max],
    });
  } else if (min !== null) {
    conditions.push({ facet: 'price', sql: 'p.max_price_cents >= ?', params: [min] });
  } else if (max !== null) {
    conditions.push({ facet: 'price', sql: 'p.min_price_cents <= ?', params: [max] });
  }
  return conditions;
}

/**
 * The WHERE clause a filter makes over `p`, with its parameters; archived products are never shown. `none` when a
 * search can match nothing (no letter or digit, or no candidate) or a price range is empty: the caller answers
 * without a statement.
 */
export async function filterConditions(
  ctx: RequestContext,
  filter: ProductFilter | null | undefined,
): Promise<FilterConditions> {
  const selection = facetSelectionOf(filter);
  const base = await baseConditions(ctx, filter);
  if (base.none || selection.none) return { where: 'false', params: [], none: true };
  const facets = facetConditions(selection);
  return {
    where: [base.where, ...facets.map((facet) => facet.sql)].join(' and '),
    params: [...base.params, ...facets.flatMap((facet) => facet.params)],
    none: false,
  };
}

/**
 * What a filter makes over `p` without its fragrance facets: shown, its category, its search, its availability.
 * The facet counts count over this (product-facets.ts).
 */
export async function baseConditions(
  ctx: RequestContext,
  filter: ProductFilter | null | undefined,
): Promise<FilterConditions> {
  const nothing = { where: 'false', params: [], none: true };
  const conditions = ['p.archived_at is null'];
  const params: unknown[] = [];
  const slug = filter?.categorySlug?.trim();
  if (slug) {
    const category = await findCategoryBySlug(ctx, slug);
    if (category) {
      conditions.push('exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)');
      params.push(category.id);
    } else {
      const byText = categoryTextCondition(slug);
      conditions.push(byText.sql);
      params.push(...byText.params);
    }
  }
  // A search is its bounded candidates (decision 0064): the other conditions, the sort and the page apply to those.
  const query = searchQueryOf(filter?.query, 'filter.query');
  const search = literalSearchOf(filter?.search, 'filter.search');
  if (search === null || matchesNothing(filter?.query)) return nothing;
  for (const match of [
    { kind: 'query' as const, text: query },
    { kind: 'search' as const, text: search },
  ]) {
    if (!match.text) continue;
    const ids = await searchCandidates(ctx, match);
    if (ids.length === 0) return nothing;
    conditions.push('p.id = any(?::int[])');
    params.push(ids);
  }
  const availability = availabilityCondition(filter?.availability);
  if (availability) conditions.push(availability);
  return { where: conditions.join(' and '), params, none: false };
}
