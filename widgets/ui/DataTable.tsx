import type { ReactNode } from 'react';
import type { Column } from './VirtualTable';
import { ScrollRegion } from './ScrollRegion';

export interface DataTableProps<Row> {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Said in one row across the table when there are no rows. */
  empty?: ReactNode;
}

/** A short table (a few dozen rows at most, all in the DOM), named by its heading. */
export function DataTable<Row>({ labelledBy, columns, rows, rowKey, empty }: DataTableProps<Row>) {
  return (
    <ScrollRegion labelledBy={labelledBy}>
      <table className="cf-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty && (
            <tr>
              <td colSpan={columns.length} className="cf-empty">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
