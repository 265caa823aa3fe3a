import type { ReactElement, ReactNode } from 'react';

interface AdminTableProps<T> {
  /** The table's accessible name; none where a heading beside it already says what it holds. */
  label?: string;
  columns: readonly string[];
  items: readonly T[];
  /** One item's `<tr>` (with its key). */
  row: (item: T) => ReactElement;
}

/** An admin table: a header row of column names, then a row an item. */
export function AdminTable<T>({ label, columns, items, row }: AdminTableProps<T>) {
  return (
    <table className="admin-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{items.map((item) => row(item))}</tbody>
    </table>
  );
}

/**
 * Where a table may be wider than the screen: it scrolls sideways, so keyboard users must be able to focus it to
 * scroll it (WCAG 2.1.1), and a focusable element needs a name — a labelled region says what is scrolled.
 */
export function AdminTableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
