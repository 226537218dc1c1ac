// Bulk writes with a team server: an import of many rows goes in pages (lib/domain/bulk.ts),
// each its own mutation, all or nothing on the server. A job follows its pages through the
// sync client and counts the rows the server confirmed; Cancel discards the pages still
// waiting. Pages carry their import's id (`part`), so after a reload the pages left in the
// persisted queue show as the same import again. Without a server a bulk write is one local
// mutation, as any other.
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { BULK, bulkState, pagesOf, type BulkProgress, type BulkState } from '../domain/bulk';
import type { CsvCell } from '../csv';
import type { CreatorDraft } from '../domain/csv-import';
import { INVENTORY_IMPORT_FIELDS } from '../domain/inventory';
import { ok, SYSTEM_FIELDS, type Result } from '../domain/types';
import type { ArgsOf, ValueOf } from '../mutators';
import type { Engine } from './core';
import { stagedKeyOf } from '../sync/queue';
import type { SettledMutation, StagedPage } from '../sync/types';
import type { SettlementSource } from './settlement';

/** The writes that may carry many rows, and how one is cut into pages. */
const PAGERS = {
  // The rejected rows are counted once, in the first page's activity entry.
  'creators.import': (args: ArgsOf<'creators.import'>, rows: ArgsOf<'creators.import'>['rows'], _offset: number, index: number): ArgsOf<'creators.import'> => ({
    ...args,
    rows,
    rejectedCount: index === 0 ? (args.rejectedCount ?? 0) : 0,
  }),
  // Rows are reported by their row in the file, wherever their page starts.
  'inventory.importItems': (args: ArgsOf<'inventory.importItems'>, rows: ArgsOf<'inventory.importItems'>['rows'], offset: number): ArgsOf<'inventory.importItems'> => ({
    ...args,
    rows,
    firstRow: (args.firstRow ?? 1) + offset,
  }),
};

export type BulkMutationName = keyof typeof PAGERS;

export interface BulkJob {
  /** The import's id, shared by its pages (`part.id`). */
  readonly id: string;
  readonly name: BulkMutationName;
  /** Rows sent, confirmed by the server, refused, discarded. */
  readonly progress: ReadonlySignal<BulkProgress>;
  readonly state: ReadonlySignal<BulkState>;
  /** True for an import found waiting after a reload (it still counts the whole file). */
  readonly resumed: boolean;
  /** The rows the server did not save (refused, cancelled, never kept), by their place in the file. */
  readonly unsaved: ReadonlySignal<UnsavedRows>;
  /** Sends the rows not saved (those this browser still has) again, as a new import. */
  retry(): Result<{ values: unknown[]; job: BulkJob | null }>;
  /** Each queued page's local result (what the page did on this device), in page order. */
  readonly values: readonly unknown[];
  /** Discards the pages still waiting; what the server confirmed stays. */
  cancel(): Promise<void>;
}

/**
 * `earlier`: a page a resumed import no longer finds in the cache. Pages settle in order and
 * leave the cache as the server decides on them, so a page missing before the first page left
 * was decided before the reload (the progress counts it as saved). A page missing after the
 * last one left was never kept by this browser: counted as not saved.
 */
/** Rows of an import the server did not save. */
export interface UnsavedRows {
  /** How many rows. */
  count: number;
  /** Their places in the file, 1 for its first data row, as stretches of consecutive rows. */
  ranges: readonly { first: number; last: number }[];
  /** The rows this browser still has, in file order (a page never kept has none). */
  rows: readonly unknown[];
}

type PageState = 'waiting' | 'confirmed' | 'refused' | 'discarded' | 'earlier' | 'lost';

interface Part {
  id: string;
  index: number;
  count: number;
  rows: number;
}

const partOf = (args: unknown): Part | null => {
  const part = (args as { part?: unknown } | null)?.part as Partial<Part> | undefined;
  return part && typeof part.id === 'string' && typeof part.index === 'number' && typeof part.count === 'number' && typeof part.rows === 'number' ? (part as Part) : null;
};
const rowsOf = (args: unknown) => ((args as { rows?: unknown[] } | null)?.rows ?? []).length;
const isBulkName = (name: string): name is BulkMutationName => Object.hasOwn(PAGERS, name);

let jobCounter = 0;
const newJobId = (now: Date) => `imp${now.getTime().toString(36)}${(jobCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function createBulkWrites(engine: Engine, source: SettlementSource | null, ready: () => Promise<unknown> = () => Promise.resolve()) {
  const jobs = signal<readonly BulkJob[]>([]);
  const internals = new Map<string, ReturnType<typeof makeJob>>();

  // The store's whole load, asked for at the first need (the store sets it up after this).
  let wholeLoad: Promise<void> | null = null;
  let loadSettled = false;
  const whenLoaded = () =>
    (wholeLoad ??= ready().then(
      () => void (loadSettled = true),
      () => void (loadSettled = true),
    ));
  /**
   * Whether pages must wait: a collection holds only its first records while the rest is read
   * (a reopen in parts). A page checks every creator its rows name, which only the whole
   * workspace answers. Once the load has settled they go, and one that still cannot run (the
   * rest could not be read) is refused with the reason.
   */
  const stillLoading = () => engine.partlyLoaded() && !loadSettled;

  /** This import's pages kept in the cache and not queued yet, in page order. */
  const stagedOf = (id: string) =>
    (source?.staged.peek() ?? [])
      .map((page) => ({ page, part: partOf(page.args) }))
      .filter((p): p is { page: StagedPage; part: Part } => p.part?.id === id)
      .sort((a, b) => a.part.index - b.part.index);

  function makeJob(id: string, name: BulkMutationName, total: number, pages: Map<number, { rows: number; state: PageState }>, resumed = false) {
    const version = signal(0);
    /** Each page's args where this tab has them (a resumed import: the pages it found). */
    const pageArgs = new Map<number, unknown>();
    let refusal: BulkProgress['refusal'];
    let cancelling = false;
    const values: unknown[] = [];
    /** Pages in the sync queue the server has not decided on: at most `BULK.queuedPages`. */
    const queued = new Set<number>();
    const progress = computed((): BulkProgress => {
      void version.value;
      const count = (state: PageState) => [...pages.values()].filter((p) => p.state === state).reduce((sum, p) => sum + p.rows, 0);
      return {
        total,
        confirmed: count('confirmed') + count('earlier'),
        refused: count('refused') + count('lost'),
        discarded: count('discarded'),
        cancelling,
        ...(refusal ? { refusal } : {}),
      };
    });
    const unsaved = computed((): UnsavedRows => {
      void version.value;
      const ranges: { first: number; last: number }[] = [];
      const rows: unknown[] = [];
      let count = 0;
      let offset = 0;
      for (const index of [...pages.keys()].sort((a, b) => a - b)) {
        const page = pages.get(index)!;
        if (page.state === 'refused' || page.state === 'discarded' || page.state === 'lost') {
          count += page.rows;
          const previous = ranges.at(-1);
          if (previous && previous.last === offset) previous.last = offset + page.rows;
          else ranges.push({ first: offset + 1, last: offset + page.rows });
          rows.push(...((pageArgs.get(index) as { rows?: unknown[] } | undefined)?.rows ?? []));
        }
        offset += page.rows;
      }
      return { count, ranges, rows };
    });
    const job: BulkJob = {
      id,
      name,
      progress,
      state: computed(() => bulkState(progress.value)),
      resumed,
      unsaved,
      retry() {
        const { rows } = unsaved.peek();
        const model = [...pageArgs.values()][0] as Record<string, unknown> | undefined;
        if (!model || !rows.length) return ok({ values: [], job: null });
        // The same import of the rows left: no part of the old one, no rejected rows counted twice.
        const { part: _part, ...rest } = model;
        const args = { ...rest, rows, ...(name === 'creators.import' ? { rejectedCount: 0 } : {}) } as ArgsOf<typeof name>;
        const result = run(name, args);
        if (result.ok) forget(job);
        return result;
      },
      values,
      async cancel() {
        if (!source) return;
        cancelling = true;
        version.value++;
        const keys = source.waiting.peek().filter((m) => partOf(m.args)?.id === id);
        await Promise.all([source.discard(keys.map((m) => m.key)), source.unstage(stagedOf(id).map(({ page }) => page.key))]);
        batch(() => {
          // The waiting pages, and those not queued yet: none of them will go.
          for (const page of pages.values()) if (page.state === 'waiting') page.state = 'discarded';
          version.value++;
        });
      },
    };
    /**
     * A resumed import, once the cache is read whole: a page neither queued nor kept aside, after
     * the last one found, never reached the cache (the tab closed before its write). It is not
     * saved, and says so, instead of waiting forever.
     */
    const noteLost = (staged: readonly { part: Part }[]) => {
      const inQueue = (source?.waiting.peek() ?? []).map((m) => partOf(m.args)).filter((part) => part?.id === id);
      const kept = new Set([...queued, ...inQueue.map((part) => part!.index), ...staged.map(({ part }) => part.index)]);
      const last = Math.max(-1, ...kept);
      let changed = false;
      for (const [index, page] of pages) {
        if (page.state !== 'waiting' || kept.has(index)) continue;
        page.state = index < last ? 'earlier' : 'lost';
        changed = true;
      }
      if (changed) version.value++;
    };
    /** Pages of a resumed import found after it was made (the cache's parts are read one after the other). */
    const adopt = (found: ReadonlyMap<number, number>, inQueue: readonly number[]) => {
      let changed = false;
      for (const [index, rows] of found) {
        const page = pages.get(index);
        if (!page || (page.state !== 'waiting' && page.state !== 'earlier' && page.state !== 'lost')) continue;
        if (page.state === 'waiting' && page.rows === rows) continue;
        page.state = 'waiting';
        page.rows = rows;
        changed = true;
      }
      for (const index of inQueue) queued.add(index);
      if (changed) version.value++;
    };
    /** A page this device refused itself while queueing the rest (the member lost the right, say). */
    const refuseRest = (from: number, error: string) => {
      for (const [index, page] of pages) if (index >= from && page.state === 'waiting') page.state = 'refused';
      refusal ??= { message: error };
      version.value++;
    };
    /** Moves staged pages into the sync queue, in order, while fewer than `BULK.queuedPages` of this import wait there. */
    const feed = () => {
      if (!source || cancelling) return;
      if (stillLoading()) return void whenLoaded().then(feed);
      const staged = stagedOf(id);
      if (resumed) noteLost(staged);
      for (const [at, { page, part }] of staged.entries()) {
        if (queued.size >= BULK.queuedPages) return;
        // Queueing runs the page here too (its rows show on screen) and takes it out of the staged pages.
        const result = engine.mutate(name, page.args as ArgsOf<typeof name>);
        if (!result.ok) {
          refuseRest(part.index, result.error);
          void source.unstage(staged.slice(at).map((p) => p.page.key));
          return;
        }
        queued.add(part.index);
        values.push(result.value);
      }
    };
    const settle = (mutation: SettledMutation, index: number) => {
      queued.delete(index);
      const page = pages.get(index);
      // A page discarded while on its way may still be taken: the server's word wins. Either
      // way its place in the queue is free for the next page.
      if (!page || page.state === 'confirmed' || page.state === 'refused') return feed();
      // A page Cancel discarded is not one the server refused.
      const discarded = mutation.state === 'refused' && mutation.code === 'discarded';
      if (mutation.state === 'refused') pageArgs.set(index, mutation.args);
      page.state = discarded ? 'discarded' : mutation.state;
      if (mutation.state === 'refused' && !discarded && !refusal)
        refusal = { message: mutation.message ?? '', ...(mutation.code ? { code: mutation.code } : {}), ...(mutation.params ? { params: mutation.params } : {}) };
      version.value++;
      // A refused page does not stop the others: the next page takes its place either way.
      feed();
    };
    return { job, settle, values, queued, feed, adopt, pageArgs };
  }

  function register(entry: ReturnType<typeof makeJob>) {
    internals.set(entry.job.id, entry);
    jobs.value = [...jobs.peek(), entry.job];
  }

  const stopSettled = source?.onSettled((mutation) => {
    const part = partOf(mutation.args);
    if (part) internals.get(part.id)?.settle(mutation, part.index);
  });

  // Pages found waiting or staged that no job of this tab made: an import of an earlier visit,
  // resumed. Every page says its import's page count and rows, so the job follows the whole
  // file: the pages found wait, those decided before the reload count as they were.
  if (source)
    engine.ownEffect(() => {
      const found = new Map<string, { name: BulkMutationName; part: Part; pages: Map<number, number>; args: Map<number, unknown>; queued: number[] }>();
      const note = (m: { name: string; args: unknown }, inQueue: boolean) => {
        const part = partOf(m.args);
        if (!part || !isBulkName(m.name)) return;
        let entry = found.get(part.id);
        if (!entry) found.set(part.id, (entry = { name: m.name, part, pages: new Map(), args: new Map(), queued: [] }));
        entry.pages.set(part.index, rowsOf(m.args));
        entry.args.set(part.index, m.args);
        if (inQueue) entry.queued.push(part.index);
      };
      for (const m of source.waiting.value) note(m, true);
      for (const page of source.staged.value) note(page, false);
      for (const [id, { name, part, pages: present, args, queued }] of found) {
        const known = internals.get(id);
        if (known) {
          if (known.job.resumed) {
            for (const [index, pageArgs] of args) known.pageArgs.set(index, pageArgs);
            known.adopt(present, queued);
          }
          continue;
        }
        // Rows of the pages not found: the file's rows less those found, spread over them
        // (every page but the last holds a full page's rows or the bytes' limit, which only the
        // count of rows decides here).
        const missing = part.count - present.size;
        const missingRows = part.rows - [...present.values()].reduce((sum, rows) => sum + rows, 0);
        const pages = new Map<number, { rows: number; state: PageState }>();
        let spread = 0;
        for (let index = 0; index < part.count; index++) {
          const rows = present.get(index);
          if (rows !== undefined) pages.set(index, { rows, state: 'waiting' });
          else {
            spread += 1;
            // The last missing page takes what the others leave, so the sum is the file's.
            const share = spread === missing ? missingRows - Math.floor(missingRows / missing) * (missing - 1) : Math.floor(missingRows / missing);
            pages.set(index, { rows: share, state: 'waiting' });
          }
        }
        const entry = makeJob(id, name, part.rows, pages, true);
        for (const [index, pageArgs] of args) entry.pageArgs.set(index, pageArgs);
        for (const index of queued) entry.queued.add(index);
        register(entry);
        // Its staged pages join the queue once the workspace is loaded (they run here as they do).
        void whenLoaded().then(entry.feed);
      }
    });

  /**
   * Runs a bulk write: with a team server in pages, each its own mutation, followed by a job;
   * without one, as one mutation. The local results are each page's (one without a server).
   * The first page is queued at once; the others wait in the cache (`stage`) and join the
   * queue a few at a time, as the server decides on the ones before them. While the workspace
   * is still read in parts, every page waits in the cache until it is read whole (the values
   * come as the pages are queued).
   */
  function run<N extends BulkMutationName>(name: N, args: ArgsOf<N>): Result<{ values: ValueOf<N>[]; job: BulkJob | null }> {
    if (!source) {
      const result = engine.mutate(name, args);
      return result.ok ? { ...result, value: { values: [result.value], job: null } } : result;
    }
    const pager = PAGERS[name] as unknown as (args: ArgsOf<N>, rows: unknown[], offset: number, index: number) => ArgsOf<N>;
    const allRows = (args as { rows: unknown[] }).rows;
    const pages = pagesOf(allRows);
    const id = newJobId(engine.now());
    const total = allRows.length;
    const pageStates = new Map<number, { rows: number; state: PageState }>(pages.map((rows, index) => [index, { rows: rows.length, state: 'waiting' }]));
    const entry = makeJob(id, name, total, pageStates);
    let offset = 0;
    const argsOf = pages.map((rows, index) => {
      const pageArgs = { ...(pager(args, rows, offset, index) as object), part: { id, index, count: pages.length, rows: total } } as ArgsOf<N>;
      offset += rows.length;
      return pageArgs;
    });
    argsOf.forEach((pageArgs, index) => entry.pageArgs.set(index, pageArgs));
    // Known before its first page is queued, so that page is not taken for an import of an earlier visit.
    register(entry);
    if (stillLoading()) {
      // The member's right needs no records: a refusal for it is the import's answer at once.
      const allowed = engine.authorize(name);
      if (!allowed.ok) {
        forget(entry.job);
        return allowed;
      }
      // Every page waits in the cache, the first one too, and goes once the whole workspace is
      // read: a refusal of the first page then is the job's answer (its `refusal`).
      void source.stage(argsOf.map((pageArgs, index) => ({ key: stagedKeyOf({ id, index }), name, args: pageArgs })));
      void whenLoaded().then(entry.feed);
      return ok({ values: entry.values as ValueOf<N>[], job: entry.job });
    }
    // Every page in the cache first (one write), the first one too: queueing a page takes it out
    // of the staged pages in the same write, so whenever the tab closes, each page is kept in
    // one place or the other (or, the first write lost, the import never began).
    const staged = argsOf.map((pageArgs, index) => ({ key: stagedKeyOf({ id, index }), name, args: pageArgs }));
    void source.stage(staged);
    // The first page at once: a refusal here (a rule, a permission) is the whole import's answer.
    const first = engine.mutate(name, argsOf[0]);
    if (!first.ok) {
      void source.unstage(staged.map((page) => page.key));
      forget(entry.job);
      return first;
    }
    entry.queued.add(0);
    entry.values.push(first.value);
    // The rest join the queue in the next task, so the screen paints first.
    if (pages.length > 1) setTimeout(entry.feed, 0);
    // The success message waits for the server (the job's state says when).
    return ok({ values: entry.values as ValueOf<N>[], job: entry.job });
  }

  /** Takes a finished job off the list (the screen showed its outcome). */
  function forget(job: BulkJob) {
    internals.delete(job.id);
    jobs.value = jobs.peek().filter((j) => j !== job);
  }

  return {
    /** Imports under way or finished and not yet dismissed, oldest first. */
    jobs: jobs as ReadonlySignal<readonly BulkJob[]>,
    run,
    forget,
    dispose: () => stopSettled?.(),
  };
}

export type BulkWrites = ReturnType<typeof createBulkWrites>;

/** The sum of one count over a job's page results (`created`, `updated`). */
export const sumOf = (values: readonly unknown[], key: string) => values.reduce<number>((sum, value) => sum + (Number((value as Record<string, unknown>)[key]) || 0), 0);

/**
 * Rows of an import as a CSV the same import reads again (its headers), for the rows the
 * server did not save.
 */
export function bulkRowsCsv(name: BulkMutationName, rows: readonly unknown[]): { headers: readonly string[]; rows: CsvCell[][] } {
  if (name === 'creators.import') {
    const cells = (draft: CreatorDraft): CsvCell[] => [draft.handle, draft.name, draft.email ?? '', draft.platform ?? '', draft.followers ?? '', draft.engagementRate ?? '', draft.category ?? ''];
    return { headers: SYSTEM_FIELDS, rows: rows.map((row) => cells((row as { draft: CreatorDraft }).draft)) };
  }
  const fields = INVENTORY_IMPORT_FIELDS.map((field) => field.key);
  return {
    headers: ['SKU', ...INVENTORY_IMPORT_FIELDS.map((field) => field.label)],
    rows: rows.map((row) => {
      const item = row as Record<string, CsvCell | undefined>;
      return [item.sku ?? '', ...fields.map((key) => item[key] ?? '')];
    }),
  };
}
