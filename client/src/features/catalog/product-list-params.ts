import { useSearchParams } from 'react-router-dom';
import type {
  Availability,
  Concentration,
  ProductFilter,
  ProductSort,
  ScentFamily,
} from './api/category-products.generated';
import { CONCENTRATIONS, SCENT_FAMILIES } from './fragrance-names';

// The listing state lives in the URL (?q=rose&availability=in-stock&sort=price-low-to-high) so a filtered
// page can be shared and the back button undoes a change. URL values are kebab-case words, not enum names.
// Fragrance facets (decision 0084): ?family=woody&family=floral&note=vanilla&concentration=eau-de-parfum&size=50
// &price-min=1000&price-max=5000 (prices in whole shillings, as a shopper reads them).

export interface SortOption {
  value: ProductSort;
  param: string;
  label: string;
}

// SPEC §2 Category page: bestSelling (default), priceLowToHigh, priceHighToLow, alphabetically.
export const CATEGORY_SORTS: readonly SortOption[] = [
  { value: 'BEST_SELLING', param: 'best-selling', label: 'Best selling' },
  { value: 'PRICE_LOW_TO_HIGH', param: 'price-low-to-high', label: 'Price: Low to High' },
  { value: 'PRICE_HIGH_TO_LOW', param: 'price-high-to-low', label: 'Price: High to Low' },
  { value: 'ALPHABETICALLY', param: 'alphabetical', label: 'Alphabetically' },
];

// The /search page: the closest names first (decision 0051), then the category page's sorts.
export const SEARCH_SORTS: readonly SortOption[] = [
  { value: 'RELEVANCE', param: 'relevance', label: 'Relevance' },
  ...CATEGORY_SORTS,
];

// SPEC §2 New arrivals: Newest Arrivals (default), Price: High to Low, Price: Low to High, Alphabetical.
export const NEW_ARRIVALS_SORTS: readonly SortOption[] = [
  { value: 'NEWEST', param: 'newest', label: 'Newest Arrivals' },
  { value: 'PRICE_HIGH_TO_LOW', param: 'price-high-to-low', label: 'Price: High to Low' },
  { value: 'PRICE_LOW_TO_HIGH', param: 'price-low-to-high', label: 'Price: Low to High' },
  { value: 'ALPHABETICALLY', param: 'alphabetical', label: 'Alphabetical' },
];

export const AVAILABILITY_OPTIONS: readonly { value: Availability; param: string; label: string }[] = [
  { value: 'IN_STOCK', param: 'in-stock', label: 'In stock' },
  { value: 'OUT_OF_STOCK', param: 'out-of-stock', label: 'Out of stock' },
];

/** SPEC §2: grids show up to 60 products (the catalogue is far smaller; this bounds a single response). */
export const PRODUCT_LIST_PAGE_SIZE = 60;

/** The server's limits on a filter's notes (more is refused). */
export const MAX_FILTER_NOTES = 10;
const MAX_NOTE_LENGTH = 40;
const MAX_FILTER_SIZES = 20;

/** A listing's fragrance facet choices (decision 0084); empty means all. */
export interface FacetChoices {
  /** In the order of SCENT_FAMILIES. */
  scentFamilies: ScentFamily[];
  /** Lower case, as stored; a product must have every one. */
  notes: string[];
  /** In the order of CONCENTRATIONS. */
  concentrations: Concentration[];
  /** Ascending. */
  sizesMl: number[];
  /** Whole shillings, or null for no bound. */
  minPriceKes: number | null;
  maxPriceKes: number | null;
}

export const NO_FACETS: FacetChoices = {
  scentFamilies: [],
  notes: [],
  concentrations: [],
  sizesMl: [],
  minPriceKes: null,
  maxPriceKes: null,
};

export interface ProductListParams extends FacetChoices {
  search: string;
  /** In the order of AVAILABILITY_OPTIONS; empty means all (SPEC: none selected means all). */
  availability: Availability[];
  sort: ProductSort;
  activeFilterCount: number;
  /** Replaces the current history entry: typing is not something the back button should replay. */
  setSearch: (search: string) => void;
  setAvailability: (availability: Availability[]) => void;
  /** Changes some facets, keeping the others. */
  setFacets: (facets: Partial<FacetChoices>) => void;
  setSort: (sort: ProductSort) => void;
  clearFilters: () => void;
  /** Clears availability and facets, keeping the search (the /search page's Clear). */
  clearNarrowing: () => void;
}

const FACET_PARAMS = ['family', 'note', 'concentration', 'size', 'price-min', 'price-max'] as const;

/** A whole number of shillings from the URL, or null (absent, negative, not a number). */
function priceParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The facet choices a URL holds; unknown words and values the server would refuse are left out. */
export function facetChoicesOf(params: URLSearchParams): FacetChoices {
  const families = params.getAll('family');
  const concentrations = params.getAll('concentration');
  const notes: string[] = [];
  for (const raw of params.getAll('note')) {
    const note = raw.trim().replace(/\s+/g, ' ').toLowerCase();
    if (note && note.length <= MAX_NOTE_LENGTH && !notes.includes(note) && notes.length < MAX_FILTER_NOTES) {
      notes.push(note);
    }
  }
  const sizesMl = [
    ...new Set(
      params
        .getAll('size')
        .filter((size) => /^\d{1,6}$/.test(size))
        .map(Number)
        .filter((size) => size > 0),
    ),
  ]
    .sort((a, b) => a - b)
    .slice(0, MAX_FILTER_SIZES);
  let minPriceKes = priceParam(params.get('price-min'));
  let maxPriceKes = priceParam(params.get('price-max'));
  // A range given backwards is the same range.
  if (minPriceKes !== null && maxPriceKes !== null && minPriceKes > maxPriceKes) {
    [minPriceKes, maxPriceKes] = [maxPriceKes, minPriceKes];
  }
  return {
    scentFamilies: SCENT_FAMILIES.filter((family) => families.includes(family.param)).map((family) => family.value),
    notes,
    concentrations: CONCENTRATIONS.filter((option) => concentrations.includes(option.param)).map(
      (option) => option.value,
    ),
    sizesMl,
    minPriceKes,
    maxPriceKes,
  };
}

/** Writes facet choices into URL params, replacing the facets named in `facets` only. */
function writeFacets(next: URLSearchParams, facets: Partial<FacetChoices>): void {
  if (facets.scentFamilies) {
    next.delete('family');
    for (const family of SCENT_FAMILIES) {
      if (facets.scentFamilies.includes(family.value)) next.append('family', family.param);
    }
  }
  if (facets.notes) {
    next.delete('note');
    for (const note of facets.notes) next.append('note', note);
  }
  if (facets.concentrations) {
    next.delete('concentration');
    for (const option of CONCENTRATIONS) {
      if (facets.concentrations.includes(option.value)) next.append('concentration', option.param);
    }
  }
  if (facets.sizesMl) {
    next.delete('size');
    for (const size of [...facets.sizesMl].sort((a, b) => a - b)) next.append('size', String(size));
  }
  for (const [key, value] of [
    ['price-min', facets.minPriceKes],
    ['price-max', facets.maxPriceKes],
  ] as const) {
    if (value === undefined) continue;
    if (value === null) next.delete(key);
    else next.set(key, String(value));
  }
}

/** How many facet values are chosen (a price range counts once). */
export function facetCount(facets: FacetChoices): number {
  return (
    facets.scentFamilies.length +
    facets.notes.length +
    facets.concentrations.length +
    facets.sizesMl.length +
    (facets.minPriceKes !== null || facets.maxPriceKes !== null ? 1 : 0)
  );
}

export function useProductListParams(sorts: readonly SortOption[]): ProductListParams {
  const [params, setParams] = useSearchParams();
  const defaultSort = sorts[0];
  if (!defaultSort) throw new Error('useProductListParams needs at least one sort option');

  const search = (params.get('q') ?? '').trim();
  const selected = params.getAll('availability');
  const availability = AVAILABILITY_OPTIONS.filter((option) => selected.includes(option.param)).map(
    (option) => option.value,
  );
  const sort = (sorts.find((option) => option.param === params.get('sort')) ?? defaultSort).value;
  const facets = facetChoicesOf(params);

  function update(change: (next: URLSearchParams) => void, replace = false) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  }

  return {
    search,
    availability,
    ...facets,
    sort,
    activeFilterCount: (search ? 1 : 0) + availability.length + facetCount(facets),
    setSearch: (value) =>
      update((next) => {
        const trimmed = value.trim();
        if (trimmed) next.set('q', trimmed);
        else next.delete('q');
      }, true),
    setAvailability: (values) =>
      update((next) => {
        next.delete('availability');
        for (const option of AVAILABILITY_OPTIONS) {
          if (values.includes(option.value)) next.append('availability', option.param);
        }
      }),
    setFacets: (change) => update((next) => writeFacets(next, change)),
    setSort: (value) =>
      update((next) => {
        const option = sorts.find((candidate) => candidate.value === value);
        if (!option || option === defaultSort) next.delete('sort');
        else next.set('sort', option.param);
      }),
    clearFilters: () =>
      update((next) => {
        next.delete('q');
        next.delete('availability');
        for (const key of FACET_PARAMS) next.delete(key);
      }),
    // One change: two in a row would each start from the same URL, the second undoing the first.
    clearNarrowing: () =>
      update((next) => {
        next.delete('availability');
        for (const key of FACET_PARAMS) next.delete(key);
      }),
  };
}

/** The filter's facet part (prices in cents); empty parts are left out so equal filters are equal objects. */
export function toFacetFilter(facets: FacetChoices): ProductFilter {
  return {
    ...(facets.scentFamilies.length > 0 ? { scentFamilies: facets.scentFamilies } : {}),
    ...(facets.notes.length > 0 ? { notes: facets.notes } : {}),
    ...(facets.concentrations.length > 0 ? { concentrations: facets.concentrations } : {}),
    ...(facets.sizesMl.length > 0 ? { sizesMl: facets.sizesMl } : {}),
    ...(facets.minPriceKes !== null ? { minPriceCents: facets.minPriceKes * 100 } : {}),
    ...(facets.maxPriceKes !== null ? { maxPriceCents: facets.maxPriceKes * 100 } : {}),
  };
}

/** The GraphQL filter for the current params; empty parts are left out so equal filters are equal objects. */
export function toProductFilter(
  params: Pick<ProductListParams, 'search' | 'availability'> & Partial<FacetChoices>,
  categorySlug?: string,
): ProductFilter {
  return {
    ...(categorySlug ? { categorySlug } : {}),
    ...(params.search ? { search: params.search } : {}),
    ...(params.availability.length > 0 ? { availability: params.availability } : {}),
    ...toFacetFilter({
      scentFamilies: params.scentFamilies ?? [],
      notes: params.notes ?? [],
      concentrations: params.concentrations ?? [],
      sizesMl: params.sizesMl ?? [],
      minPriceKes: params.minPriceKes ?? null,
      maxPriceKes: params.maxPriceKes ?? null,
    }),
  };
}
