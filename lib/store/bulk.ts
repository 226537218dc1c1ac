// Bulk writes with a team server: an import of many rows goes in pages (lib/domain/bulk.ts),
// each its own mutation, all or nothing on the server. A job follows its pages through the
// sync client and counts the rows the server confirmed; Cancel discards the pages still
// waiting. Pages carry their import's id (`part`), so after a reload the pages left in the
// persisted queue show as the same import again. Without a server a bulk write is one local
// mutation, as any other.
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { BULK, bulkState, pagesOf, type BulkProgress, type BulkState } from '../domain/bulk';
import { ok, type Result } from '../domain/types';
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
  /** True for an import found waiting after a reload: it counts the pages still waiting then, not the whole file. */
  readonly resumed: boolean;
  /** Each queued page's local result (what the page did on this device), in page order. */
  readonly values: readonly unknown[];
  /** Discards the pages still waiting; what the server confirmed stays. */
  cancel(): Promise<void>;
}

type PageState = 'waiting' | 'confirmed' | 'refused' | 'discarded';

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
        confirmed: count('confirmed'),
        refused: count('refused'),
        discarded: count('discarded'),
        cancelling,
        ...(refusal ? { refusal } : {}),
      };
    });
    const job: BulkJob = {
      id,
      name,
      progress,
      state: computed(() => bulkState(progress.value)),
      resumed,
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
    /** A page this device refused itself while queueing the rest (the member lost the right, say). */
    const refuseRest = (from: number, error: string) => {
      for (const [index, page] of pages) if (index >= from && page.state === 'waiting') page.state = 'refused';
      refusal ??= { message: error };
      version.value++;
    };
    /** Moves staged pages into the sync queue, in order, while fewer than `BULK.queuedPages` of this import wait there. */
    const feed = () => {
      if (!source || cancelling || queued.size >= BULK.queuedPages) return;
      if (stillLoading()) return void whenLoaded().then(feed);
      const staged = stagedOf(id);
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
      if (!page) return;
      // A page discarded while on its way may still be taken: the server's word wins.
      if (page.state === 'confirmed' || page.state === 'refused') return;
      // A page Cancel discarded is not one the server refused.
      const discarded = mutation.state === 'refused' && mutation.code === 'discarded';
      page.state = discarded ? 'discarded' : mutation.state;
      if (mutation.state === 'refused' && !discarded && !refusal)
        refusal = { message: mutation.message ?? '', ...(mutation.code ? { code: mutation.code } : {}), ...(mutation.params ? { params: mutation.params } : {}) };
      version.value++;
      // A refused page does not stop the others: the next page takes its place either way.
      feed();
    };
    return { job, settle, values, queued, feed };
  }

  function register(entry: ReturnType<typeof makeJob>) {
    internals.set(entry.job.id, entry);
    jobs.value = [...jobs.peek(), entry.job];
  }

  const stopSettled = source?.onSettled((mutation) => {
    const part = partOf(mutation.args);
    if (part) internals.get(part.id)?.settle(mutation, part.index);
  });

  // Pages found waiting or staged that no job of this tab made: an import of an earlier visit, resumed.
  if (source)
    engine.ownEffect(() => {
      const found = new Map<string, { name: BulkMutationName; pages: Map<number, { rows: number; state: PageState }>; queued: number[] }>();
      const note = (m: { name: string; args: unknown }, inQueue: boolean) => {
        const part = partOf(m.args);
        if (!part || internals.has(part.id) || !isBulkName(m.name)) return;
        let entry = found.get(part.id);
        if (!entry) found.set(part.id, (entry = { name: m.name, pages: new Map(), queued: [] }));
        entry.pages.set(part.index, { rows: rowsOf(m.args), state: 'waiting' });
        if (inQueue) entry.queued.push(part.index);
      };
      for (const m of source.waiting.value) note(m, true);
      for (const page of source.staged.value) note(page, false);
      // Counted from what waits: whether the pages not here were confirmed, refused or never
      // queued (a reload while they were being queued), this tab cannot know.
      for (const [id, { name, pages, queued }] of found) {
        const waitingRows = [...pages.values()].reduce((sum, p) => sum + p.rows, 0);
        const entry = makeJob(id, name, waitingRows, pages, true);
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
    // The first page at once: a refusal here (a rule, a permission) is the whole import's answer.
    const first = engine.mutate(name, argsOf[0]);
    if (!first.ok) {
      forget(entry.job);
      return first;
    }
    entry.queued.add(0);
    entry.values.push(first.value);
    if (pages.length > 1) {
      // The rest in the cache (one write), then into the queue in the next task, so the screen paints first.
      void source.stage(argsOf.slice(1).map((pageArgs, at) => ({ key: stagedKeyOf({ id, index: at + 1 }), name, args: pageArgs })));
      setTimeout(entry.feed, 0);
    }
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
