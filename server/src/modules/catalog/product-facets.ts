import type { RequestContext } from '../../core/request-context';
import type { ProductFacets, ProductFilter, SizeFacetCount } from './catalog.inputs';
import type { ScentFamily } from './product.entity';
import type { Concentration } from './product-variant.entity';
import { listTagsOf, tagListRead } from './catalog-cache-tags';
import { catalogueRows } from './catalogue-statements';
import {
  baseConditions,
  facetConditions,
  facetSelectionOf,
  type FacetCondition,
  type FacetName,
  type FacetSelection,
} from './product-filter-sql';

/** The most notes and sizes the facet counts list (the commonest), besides the chosen ones. */
export const facetNotesShown = 30;
export const facetSizesShown = 30;

interface FacetRow {
  facet: 'family' | 'note' | 'concentration' | 'size' | 'price' | 'total';
  value: string | null;
  count: number;
  low: number | null;
  high: number | null;
}

/**
 * The statement counting every facet's values for a filter (decision 0084), one whatever the catalogue's size, in one
 * pass: the products the filter shows without its facets (its category, search and availability, served by their
 * indexes) are read once, streamed (no materialised copy to spill), each with every chosen facet's condition as a
 * flag; the products failing two or more are dropped there (they count nowhere). Each product then gives a row per
 * value of each facet whose other flags it passes ("any of" facets ignore their own selection; notes, an "all of"
 * facet, need every flag), and the rows are grouped once. Notes and sizes keep their commonest values only.
 */
export function facetCountsSelect(
  base: { where: string; params: unknown[] },
  facets: readonly FacetCondition[],
): { sql: string; params: unknown[] } {
  const flag = (facet: FacetName) => `f_${facet}`;
  const passing = (ignored: FacetName | null) => {
    const flags = facets.filter((facet) => facet.facet !== ignored).map((facet) => `p.${flag(facet.facet)}`);
    return flags.length > 0 ? flags.join(' and ') : 'true';
  };
  const flagColumns = facets.map((facet) => `, (${facet.sql}) as ${flag(facet.facet)}`).join('');
  const failing = facets.map((facet) => `(not p.${flag(facet.facet)})::int`).join(' + ');
  return {
    sql: `select counted.facet, counted.value, counted.count, counted.low, counted.high
      from (select x.facet, x.value, count(*)::int as count, min(x.low) as low, max(x.high) as high,
                   row_number() over (partition by x.facet order by count(*) desc, x.value) as rank
              from (select p.scent_family, p.notes, p.concentrations, p.sizes_ml, p.min_price_cents,
                           p.max_price_cents${flagColumns}
                      from products p where ${base.where} offset 0) p
              cross join lateral (
                select 'family' as facet, p.scent_family as value, null::int as low, null::int as high
                 where p.scent_family is not null and ${passing('scentFamilies')}
                union all
                select 'note', n.note, null, null from unnest(p.notes) n(note) where ${passing(null)}
                union all
                select 'concentration', c.value, null, null from unnest(p.concentrations) c(value)
                 where ${passing('concentrations')}
                union all
                select 'size', z.size::text, null, null from unnest(p.sizes_ml) z(size) where ${passing('sizes')}
                union all
                select 'price', null, p.min_price_cents, p.max_price_cents where ${passing('price')}
                union all
                select 'total', null, null, null where ${passing(null)}) x
             ${facets.length > 1 ? `where ${failing} <= 1` : ''}
             group by x.facet, x.value) counted
      where counted.rank <= ${Math.max(facetNotesShown, facetSizesShown)}`,
    params: [...facets.flatMap((facet) => facet.params), ...base.params],
  };
}

interface Counted {
  value: string;
  count: number;
}

/** The counted values, with the chosen ones never counted (none passed) added at `chosenCount`, the commonest first. */
function countsOf(rows: readonly FacetRow[], facet: FacetRow['facet'], chosen: readonly string[], chosenCount = 0) {
  const counts: Counted[] = rows
    .filter((row) => row.facet === facet && row.value !== null)
    .map((row) => ({ value: row.value!, count: row.count }));
  for (const value of chosen) {
    if (!counts.some((count) => count.value === value)) counts.push({ value, count: chosenCount });
  }
  return counts.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/**
 * How many products each facet value would show with a filter (decision 0084): one statement, none when the filter
 * can match nothing. Tagged like the lists, so the response cache keeps it until a catalogue change that may move a
 * product in or out of a list (every product edit that changes facts, sizes or prices does).
 */
export async function productFacets(ctx: RequestContext, filter?: ProductFilter | null): Promise<ProductFacets> {
  tagListRead(ctx, filter);
  // From the list reads when held (list-read-cache.ts): the counts walk every product the filter shows.
  return ctx.listReads.read(`facets:${JSON.stringify(filter ?? null)}`, listTagsOf(filter), () =>
    readFacets(ctx, filter),
  );
}

async function readFacets(ctx: RequestContext, filter?: ProductFilter | null): Promise<ProductFacets> {
  const selection = facetSelectionOf(filter);
  const base = await baseConditions(ctx, filter);
  if (base.none || selection.none) return emptyFacets(selection);
  const select = facetCountsSelect(base, facetConditions(selection));
  const rows = await catalogueRows<FacetRow>(ctx, select.sql, select.params);
  const total = rows.find((row) => row.facet === 'total')?.count ?? 0;
  const price = rows.find((row) => row.facet === 'price');
  const sizes: SizeFacetCount[] = countsOf(rows, 'size', selection.sizesMl.map(String))
    .map(({ value, count }) => ({ sizeMl: Number(value), count }))
    .sort((a, b) => a.sizeMl - b.sizeMl);
  return {
    scentFamilies: countsOf(rows, 'family', selection.scentFamilies).map(({ value, count }) => ({
      scentFamily: value as ScentFamily,
      count,
    })),
    // Every product shown has every chosen note: a chosen note outside the commonest counts them all.
    notes: countsOf(rows, 'note', selection.notes, total).map(({ value, count }) => ({ note: value, count })),
    concentrations: countsOf(rows, 'concentration', selection.concentrations).map(({ value, count }) => ({
      concentration: value as Concentration,
      count,
    })),
    sizes,
    minPriceCents: price?.low ?? null,
    maxPriceCents: price?.high ?? null,
    total,
  };
}

function emptyFacets(selection: FacetSelection): ProductFacets {
  return {
    scentFamilies: selection.scentFamilies.map((scentFamily) => ({ scentFamily, count: 0 })),
    notes: selection.notes.map((note) => ({ note, count: 0 })),
    concentrations: selection.concentrations.map((concentration) => ({ concentration, count: 0 })),
    sizes: selection.sizesMl.map((sizeMl) => ({ sizeMl, count: 0 })),
    minPriceCents: null,
    maxPriceCents: null,
    total: 0,
  };
}
