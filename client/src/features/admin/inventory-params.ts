import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from './components/admin-list';

/** Typing pauses this long before the search reaches the URL (and the server). */
export const INVENTORY_SEARCH_DEBOUNCE_MS = 300;

/** The server refuses offsets beyond 1,000,000 (shared/pagination.ts on the server). */
const LAST_PAGE = Math.floor(1_000_000 / PAGE_SIZE) + 1;

/** The dashboard's "and N more" link: the inventory showing only products low on stock, lowest first. */
export const LOW_STOCK_INVENTORY_PATH = '/oxalis/inventory?stock=low';

function pageNumberOf(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
}

/**
 * The inventory's search, low-stock filter and page live in the URL (?q=oud&stock=low&page=3), so a reload or
 * a shared link shows the same page. The search box's draft reaches the URL after a pause in typing.
 */
export function useInventoryParams() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const lowStock = params.get('stock') === 'low';
  const offset = (pageNumberOf(params.get('page')) - 1) * PAGE_SIZE;

  const [draft, setDraft] = useState(search);
  const [syncedSearch, setSyncedSearch] = useState(search);
  // The URL changed under us (back button, a link): show its search.
  if (search !== syncedSearch) {
    setSyncedSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  function update(change: (next: URLSearchParams) => void, replace: boolean) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace },
    );
  }

  // The latest `update`, so a re-render (results arriving) does not restart the pause.
  const updateRef = useRef(update);
  useEffect(() => {
    updateRef.current = update;
  });

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === search) return;
    const timer = setTimeout(
      // Typing is not something the back button should replay; a new search starts from the first page.
      () =>
        updateRef.current((next) => {
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          next.delete('page');
        }, true),
      INVENTORY_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, search]);

  return {
    draft,
    setDraft,
    lowStock,
    offset,
    variables: { search: search || null, lowStock, limit: PAGE_SIZE, offset },
    setOffset: (next: number) =>
      update((nextParams) => {
        const page = Math.floor(Math.max(0, next) / PAGE_SIZE) + 1;
        if (page > 1) nextParams.set('page', String(page));
        else nextParams.delete('page');
      }, false),
    setLowStock: (only: boolean) =>
      update((next) => {
        if (only) next.set('stock', 'low');
        else next.delete('stock');
        next.delete('page');
      }, false),
  };
}
