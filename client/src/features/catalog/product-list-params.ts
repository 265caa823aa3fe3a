import { useSearchParams } from 'react-router-dom';
import type { Availability, ProductFilter, ProductSort } from './api/category-products.generated';

// The listing state lives in the URL (?q=rose&availability=in-stock&sort=price-low-to-high) so a filtered
// page can be shared and the back button undoes a change. URL values are kebab-case words, not enum names.

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

export interface ProductListParams {
  search: string;
  /** In the order of AVAILABILITY_OPTIONS; empty means all (SPEC: none selected means all). */
  availability: Availability[];
  sort: ProductSort;
  activeFilterCount: number;
  /** Replaces the current history entry: typing is not something the back button should replay. */
  setSearch: (search: string) => void;
  setAvailability: (availability: Availability[]) => void;
  setSort: (sort: ProductSort) => void;
  clearFilters: () => void;
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
    sort,
    activeFilterCount: (search ? 1 : 0) + availability.length,
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
      }),
  };
}

/** The GraphQL filter for the current params; empty parts are left out so equal filters are equal objects. */
export function toProductFilter(
  params: Pick<ProductListParams, 'search' | 'availability'>,
  categorySlug?: string,
): ProductFilter {
  return {
    ...(categorySlug ? { categorySlug } : {}),
    ...(params.search ? { search: params.search } : {}),
    ...(params.availability.length > 0 ? { availability: params.availability } : {}),
  };
}
