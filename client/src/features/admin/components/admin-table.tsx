import type { ReactElement } from 'react';

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
