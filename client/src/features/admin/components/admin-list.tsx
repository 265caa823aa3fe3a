import { type ReactElement, type ReactNode } from 'react';
import { useMediaQuery } from '../../../shared/ui/use-media-query';
import { AdminTable, AdminTableScroller } from './admin-table';
import { PAGE_SIZE } from './use-list-search';

// SPEC §2/§9: tables above 1024 px, cards at 1024 px or less.
const CARDS_QUERY = '(max-width: 1024px)';

interface PagerProps {
  /** What the list holds ('orders'). */
  noun: string;
  offset: number;
  shown: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** 'Showing 51–100 of 230 orders' with Previous and Next, under a paged list. */
export function Pager({ noun, offset, shown, total, onOffset }: PagerProps) {
  if (total <= PAGE_SIZE && offset === 0) return null;
  return (
    <nav className="admin-pager" aria-label={`Pages of ${noun}`}>
      <p role="status">
        Showing {shown === 0 ? 0 : offset + 1}–{offset + shown} of {total} {noun}
      </p>
      <button
        type="button"
        className="button button--outline"
        disabled={offset === 0}
        onClick={() => onOffset(offset - PAGE_SIZE)}
      >
        Previous
      </button>
      <button
        type="button"
        className="button button--outline"
        disabled={offset + shown >= total}
        onClick={() => onOffset(offset + PAGE_SIZE)}
      >
        Next
      </button>
    </nav>
  );
}

interface SearchToolbarProps {
  /** The search box's accessible name ('Search orders'). */
  label: string;
  placeholder: string;
  search: string;
  onSearch: (search: string) => void;
  /** Where the list's CSV export downloads from, when it has one. */
  csvHref?: string;
  children?: ReactNode;
}

/** The search box above a list, with its CSV export (and anything else the page adds) beside it. */
export function SearchToolbar({ label, placeholder, search, onSearch, csvHref, children }: SearchToolbarProps) {
  return (
    <div className="admin-page__toolbar">
      <input
        type="search"
        className="admin-search"
        placeholder={placeholder}
        aria-label={label}
        // The server reads at most 100 characters of an admin search (the inventory's refuses more).
        maxLength={100}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      {csvHref ? (
        <a className="button button--outline" href={csvHref} download>
          Export CSV
        </a>
      ) : null}
      {children}
    </div>
  );
}

interface LoadStateProps {
  /** Whether the data has arrived (from this answer or an earlier one). */
  loaded: boolean;
  error: unknown;
  /** What the alert says when the data could not be loaded. */
  failure: ReactNode;
}

/** Until a page's data arrives: Loading…, or the failure once the query gave up. */
export function LoadState({ loaded, error, failure }: LoadStateProps) {
  if (loaded) return null;
  if (!error) return <p role="status">Loading…</p>;
  return (
    <p role="alert" className="admin-error">
      {failure}
    </p>
  );
}

interface AdminListProps<T> extends Omit<LoadStateProps, 'loaded'> {
  /** Names the card list (and the table): 'Orders'. */
  label: string;
  /** Undefined until the query first answers. */
  items: readonly T[] | null | undefined;
  /** What is said when there are none ('No orders found.'). */
  empty: string;
  /** One item as a card: its `<li>` (with its key). */
  card: (item: T) => ReactElement;
  /** The card list's class. */
  cardsClassName?: string;
  /** Where given, wide screens show the items as this table instead of cards. */
  table?: { columns: readonly string[]; row: (item: T) => ReactElement };
}

/** A page's list of items with its loading, failure and empty states. */
export function AdminList<T>({ items, error, failure, empty, table, ...shown }: AdminListProps<T>) {
  return (
    <>
      <LoadState loaded={Boolean(items)} error={error} failure={failure} />
      {items?.length === 0 ? <p>{empty}</p> : null}
      {items && items.length > 0 ? (
        table ? (
          <CardsOrTable items={items} table={table} {...shown} />
        ) : (
          <Cards items={items} {...shown} />
        )
      ) : null}
    </>
  );
}

type CardsProps<T> = Pick<AdminListProps<T>, 'label' | 'card' | 'cardsClassName'> & { items: readonly T[] };

function Cards<T>({ label, items, card, cardsClassName = 'admin-item-cards' }: CardsProps<T>) {
  return (
    <ul className={cardsClassName} aria-label={label}>
      {items.map((item) => card(item))}
    </ul>
  );
}

function CardsOrTable<T>({ table, ...cards }: CardsProps<T> & Required<Pick<AdminListProps<T>, 'table'>>) {
  const asCards = useMediaQuery(CARDS_QUERY);
  if (asCards) return <Cards {...cards} />;
  return (
    <AdminTableScroller label={cards.label}>
      <AdminTable label={cards.label} columns={table.columns} items={cards.items} row={table.row} />
    </AdminTableScroller>
  );
}
