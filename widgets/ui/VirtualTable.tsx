import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ScrollHint, useScrolls, useSideMore } from './ScrollRegion';

export interface Column<Row> {
  key: string;
  header: string;
  render(row: Row): ReactNode;
  /** Set to make the header a sort button. */
  sortable?: boolean;
  width?: string;
}

export interface SortState {
  key: string;
  direction: 'ascending' | 'descending';
}

export interface VirtualTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Row click or Enter on a focused row. Rows become focusable when set. */
  onRowActivate?(row: Row): void;
  /** Accessible name of an activatable row, e.g. 'Open order ORD-1001'. */
  rowLabel?(row: Row): string;
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
  sort?: SortState | null;
  onSortChange?(sort: SortState): void;
  /** Default 53 px. */
  estimateRowHeight?: number;
  /** Height of the scroll area. Default 560 px. */
  maxHeight?: number;
}

/**
 * A semantic table that renders only the rows in view (plus a few), so 100,000 rows
 * cost what 30 do. Spacer rows keep the scroll height; aria-rowcount/aria-rowindex
 * tell assistive technology the real size.
 */
export function VirtualTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  onRowActivate,
  rowLabel,
  empty,
  sort,
  onSortChange,
  estimateRowHeight = 53,
  maxHeight = 560,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(scrollRef);
  const more = useSideMore(scrollRef);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
    initialRect: { width: 1000, height: maxHeight },
    // A container not laid out yet (or no layout engine, as in jsdom) measures 0: render a screenful.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: maxHeight })),
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length ? items[0].start : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate?.(row);
    }
  }

  return (
    <>
      <div
        className="cf-table-wrap"
        ref={scrollRef}
        style={{ maxHeight }}
        data-more={more}
        part="table"
        role="region"
        aria-label={label}
        // Rows that take no focus leave the keyboard no way in: while it scrolls, the region takes it.
        tabIndex={onRowActivate || !scrolls ? undefined : 0}
      >
        <table className="cf-table" aria-label={label} aria-rowcount={rows.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => {
                const sorted = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={column.sortable ? (sorted ?? 'none') : undefined} style={column.width ? { width: column.width } : undefined}>
                    {column.sortable && onSortChange ? (
                      <button
                        type="button"
                        className="cf-button"
                        data-variant="ghost"
                        data-size="small"
                        onClick={() =>
                          onSortChange({ key: column.key, direction: sorted === 'ascending' ? 'descending' : 'ascending' })
                        }
                      >
                        {column.header}
                        <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>
                  <div className="cf-empty">{empty}</div>
                </td>
              </tr>
            ) : (
              <>
                {paddingTop > 0 && (
                  <tr aria-hidden="true" style={{ height: paddingTop }}>
                    <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
                  </tr>
                )}
                {items.map((virtualRow) => {
                  const row = rows[virtualRow.index];
                  return (
                    <tr
                      key={rowKey(row)}
                      data-index={virtualRow.index}
                      ref={virtualizer.measureElement}
                      aria-rowindex={virtualRow.index + 2}
                      data-interactive={onRowActivate ? 'true' : undefined}
                      tabIndex={onRowActivate ? 0 : undefined}
                      aria-label={onRowActivate && rowLabel ? rowLabel(row) : undefined}
                      onClick={
                        onRowActivate
                          ? (event) => {
                              if ((event.target as HTMLElement).closest('button, a, input, select, textarea')) return;
                              onRowActivate(row);
                            }
                          : undefined
                      }
                      onKeyDown={onRowActivate ? (event) => onRowKeyDown(event, row) : undefined}
                    >
                      {columns.map((column) => (
                        <td key={column.key}>{column.render(row)}</td>
                      ))}
                    </tr>
                  );
                })}
                {paddingBottom > 0 && (
                  <tr aria-hidden="true" style={{ height: paddingBottom }}>
                    <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
                  </tr>
                )}
              </>
            )}
          </tbody>
        </table>
      </div>
      <ScrollHint more={more} />
    </>
  );
}
