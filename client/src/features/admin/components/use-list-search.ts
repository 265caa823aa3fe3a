import { useDeferredValue, useState } from 'react';

/**
 * A searchable list's box text, and the `search` variable for its query: trimmed, null when empty, and
 * deferred so typing stays responsive while the list catches up.
 */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  return { search, setSearch, variables: { search: deferredSearch || null } };
}

/** How many rows a paged list (orders, transactions, reviews) shows at a time. */
export const PAGE_SIZE = 50;

/**
 * useListSearch for lists that grow without bound: the variables carry `limit` and `offset`, and a new
 * search starts again from the first page.
 */
export function usePagedListSearch() {
  const { search, setSearch, variables } = useListSearch();
  const [page, setPage] = useState({ search: variables.search, offset: 0 });
  // A new search text goes back to the first page (state adjusted while rendering, as React recommends).
  if (page.search !== variables.search) setPage({ search: variables.search, offset: 0 });
  const offset = page.search === variables.search ? page.offset : 0;
  return {
    search,
    setSearch,
    variables: { ...variables, limit: PAGE_SIZE, offset },
    offset,
    setOffset: (next: number) => setPage({ search: variables.search, offset: Math.max(0, next) }),
  };
}
