import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from './components/use-list-search';

/** Typing pauses this long before the search reaches the URL (and the server). */
export const INVENTORY_SEARCH_DEBOUNCE_MS = 300;

/** The server refuses offsets beyond 1,000,000 (shared/pagination.ts on the server). */
const LAST_PAGE = Math.floor(1_000_000 / PAGE_SIZE) + 1;

/** The dashboard's "and N more" link: the inventory showing only products low on stock, lowest first. */
export const LOW_STOCK_INVENTORY_PATH = '/oxalis/inventory?stock=low';

interface InventoryView {
  search: string;
  lowStock: boolean;
  /** 1-based. */
  page: number;
}

function viewOf(params: URLSearchParams): InventoryView {
  const page = Number(params.get('page') ?? '1');
  return {
    search: (params.get('q') ?? '').trim(),
    lowStock: params.get('stock') === 'low',
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1,
  };
}

function paramsOf(view: InventoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.lowStock) params.set('stock', 'low');
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/**
 * The inventory's search, low-stock filter and page live in the URL (?q=oud&stock=low&page=3), so a reload or
 * a shared link shows the same page. The search box's draft reaches the URL after a pause in typing.
 *
 * What the page shows is also held in state, set at once with the URL: the router applies a URL change as a
 * transition, and a render of the old URL in between would otherwise ask the server for the old page again.
 */
export function useInventoryParams() {
  const [params, setParams] = useSearchParams();
  const urlText = params.toString();
  const [view, setView] = useState(() => viewOf(params));
  const [syncedUrl, setSyncedUrl] = useState(urlText);
  const [draft, setDraft] = useState(view.search);

  // The URL changed under us (back button, a link): show what it names.
  if (urlText !== syncedUrl) {
    setSyncedUrl(urlText);
    const fromUrl = viewOf(params);
    setView(fromUrl);
    if (draft.trim() !== fromUrl.search) setDraft(fromUrl.search);
  }

  /** Typing is not something the back button should replay (`replace`); paging and filtering are. */
  function show(next: InventoryView, replace: boolean) {
    setView(next);
    setParams(paramsOf(next), { replace });
  }

  // The latest `show` and view, so a re-render (results arriving) does not restart the pause.
  const latest = useRef({ show, view });
  useEffect(() => {
    latest.current = { show, view };
  });

  useEffect(() => {
    const wanted = draft.trim();
    if (wanted === view.search) return;
    // A new search starts from the first page.
    const timer = setTimeout(
      () => latest.current.show({ ...latest.current.view, search: wanted, page: 1 }, true),
      INVENTORY_SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, view.search]);

  const offset = (view.page - 1) * PAGE_SIZE;
  return {
    draft,
    setDraft,
    lowStock: view.lowStock,
    offset,
    variables: { search: view.search || null, lowStock: view.lowStock, limit: PAGE_SIZE, offset },
    setOffset: (next: number) => show({ ...view, page: Math.floor(Math.max(0, next) / PAGE_SIZE) + 1 }, false),
    setLowStock: (only: boolean) => show({ ...view, lowStock: only, page: 1 }, false),
  };
}
