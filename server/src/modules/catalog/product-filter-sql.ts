import type { RequestContext } from '../../core/request-context';
import { likePattern } from '../../shared/search';
import { Availability, type ProductFilter } from './catalog.inputs';
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
  return asked.has(Availability.IN_STOCK) ? 'p.quantity > 0' : 'p.quantity <= 0';
}

/**
 * The WHERE clause a filter makes over `p`, with its parameters; archived products are never shown. `none` when a
 * search can match nothing (no letter or digit, or no candidate): the caller answers without a statement.
 */
export async function filterConditions(
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
