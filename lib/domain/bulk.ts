// Bulk writes sent to a team server in pages (an import of 100,000 rows): how a file's rows are
// cut into pages, and what an import's progress says. Pure: no clock, no DOM.

/** Page limits: each page is one mutation, well under the server's 1 MB body limit. */
export const BULK = {
  /**
   * Rows per page. A page is one transaction on the server, and another member's push to the
   * workspace waits for the page in progress: 200 rows keep that wait short.
   */
  pageRows: 200,
  /** JSON bytes per page (rows with long names are fewer per page). */
  pageBytes: 256 * 1024,
  /**
   * Rows one mutation may carry to a team server: five pages (the pages of 500 rows an earlier
   * client may still have queued are taken). A mutator runs in one go in the server's one
   * thread; a few milliseconds a page keep every other request answered.
   */
  serverRows: 1_000,
  /**
   * Pages of one import in the sync queue at a time; the rest wait in the cache. Every pull
   * replays the queue on top of the server's records, so a queue holding the whole file made
   * each pull cost the whole file (quadratic in its size).
   */
  queuedPages: 4,
} as const;

/**
 * Cuts `rows` into pages of at most `maxRows` rows and `maxBytes` of their JSON (`sizeOf`,
 * default the row's JSON length). A row larger than `maxBytes` alone is a page of its own (the
 * server refuses it by itself, never the rows around it). Order is kept; no page is empty.
 */
export function pagesOf<T>(
  rows: readonly T[],
  { maxRows = BULK.pageRows, maxBytes = BULK.pageBytes, sizeOf = (row: T) => JSON.stringify(row).length + 1 }: { maxRows?: number; maxBytes?: number; sizeOf?: (row: T) => number } = {},
): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = sizeOf(row);
    if (page.length && (page.length >= maxRows || bytes + size > maxBytes)) {
      pages.push(page);
      page = [];
      bytes = 0;
    }
    page.push(row);
    bytes += size;
  }
  if (page.length) pages.push(page);
  return pages;
}

/** Where a paged import stands, in rows. */
export interface BulkProgress {
  /** Rows the import sends. */
  total: number;
  /** Rows the server has confirmed. */
  confirmed: number;
  /** Rows of pages the server refused. */
  refused: number;
  /** Rows of pages discarded before the server took them (cancel). */
  discarded: number;
  /** True once Cancel was pressed. */
  cancelling: boolean;
  /** The first refusal's reason, as the server gave it. */
  refusal?: { message: string; code?: string; params?: Record<string, unknown> };
}

export type BulkState = 'saving' | 'saved' | 'partly-saved' | 'cancelled';

/**
 * The state an import's progress puts it in: `saving` while a page waits; then `saved` (every
 * row confirmed), `cancelled` (Cancel discarded pages) or `partly-saved` (a page was refused).
 */
export function bulkState(progress: BulkProgress): BulkState {
  const settled = progress.confirmed + progress.refused + progress.discarded;
  if (settled < progress.total) return 'saving';
  if (progress.confirmed === progress.total) return 'saved';
  return progress.discarded > 0 ? 'cancelled' : 'partly-saved';
}

/** The progress bar's value and maximum: rows confirmed of rows sent (never past the maximum). */
export function bulkBar(progress: BulkProgress): { value: number; max: number } {
  return { value: Math.min(progress.confirmed, progress.total), max: progress.total };
}
