import type { ReactNode } from 'react';

/** A column heading; `number` right-aligns an amount column. */
export type Column = { label: string; number?: boolean };

type DataTableProps<T> = {
  columns: Column[];
  items: readonly T[];
  /** One `<tr>` per item (and its place in the list). */
  row: (item: T, index: number) => ReactNode;
  testId?: string | undefined;
  /** Rows after the items (a row being added). */
  children?: ReactNode;
};

/** The back office's one table: headings over one row per item. */
export function DataTable<T>({ columns, items, row, testId, children }: DataTableProps<T>) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={column.number ? 'number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map(row)}
          {children}
        </tbody>
      </table>
    </div>
  );
}
